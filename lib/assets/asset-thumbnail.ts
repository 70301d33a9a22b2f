import "server-only";
import { db } from "@/lib/db/client";
import { mediaSlots } from "@/lib/media/media-slots";
import { isFullyDecodable } from "./decodable";
import { dropHolds, holdBlob, releaseBlobs } from "./pending-blobs";
import { makeThumbnail } from "./thumbnail";

// A stored result's thumbnail is made after its row: by the thumbnail queue a second later
// (lib/jobs/work-queues), or sooner by the page that asks for it first. Either way the row's
// `thumbnailKey` decides: whoever finds it set does nothing, and only the first to record one wins.

type ThumbnailSubject = { id: string; ownerId: string; storageKey: string; mime: string; thumbnailKey: string | null };

/**
 * The asset's thumbnail key, made now when the row has none yet. Null when the type cannot be
 * decoded here or the asset is gone. Throws when making it fails (an ImageDecodeError when the
 * image does not decode).
 */
export async function thumbnailFor(asset: ThumbnailSubject): Promise<string | null> {
  if (asset.thumbnailKey) return asset.thumbnailKey;
  if (!isFullyDecodable(asset.mime)) return null;
  // The caller's row may be older than a thumbnail made meanwhile.
  const current = await db.asset.findUnique({ where: { id: asset.id }, select: { thumbnailKey: true } });
  if (!current) return null;
  if (current.thumbnailKey) return current.thumbnailKey;
  return recordThumbnail(asset);
}

/** What a queued thumbnail run did: made one, or found nothing to do. */
export type QueuedThumbnailOutcome = "made" | "already made" | "gone" | "not decodable here";

/** The queue's run for asset `assetId`: reads the row afresh and makes its thumbnail only when it has none. */
export async function makeQueuedThumbnail(assetId: string): Promise<QueuedThumbnailOutcome> {
  const asset = await db.asset.findUnique({ where: { id: assetId }, select: { id: true, ownerId: true, storageKey: true, mime: true, thumbnailKey: true } });
  if (!asset) return "gone";
  if (asset.thumbnailKey) return "already made";
  if (!isFullyDecodable(asset.mime)) return "not decodable here";
  return (await recordThumbnail(asset)) ? "made" : "gone";
}

async function recordThumbnail(asset: ThumbnailSubject): Promise<string | null> {
  // The blob is fsynced before the row names it. A crash in between leaves it unnamed, but WebP
  // encoding is deterministic and keys are content hashes, so the next making names that same blob.
  const key = await mediaSlots().run(asset.ownerId, () => makeThumbnail(asset.storageKey), { whenBusy: "wait" });
  const hold = await holdBlob(key);
  let recorded = false;
  try {
    recorded = await db.$transaction(async (tx) => {
      const updated = await tx.asset.updateMany({ where: { id: asset.id, thumbnailKey: null }, data: { thumbnailKey: key } });
      if (updated.count === 1) await dropHolds(tx, [hold]);
      return updated.count === 1;
    });
    if (recorded) return key;
    // Made meanwhile by the other side (the queue or a page), or the asset was deleted.
    const current = await db.asset.findUnique({ where: { id: asset.id }, select: { thumbnailKey: true } });
    return current?.thumbnailKey ?? null;
  } finally {
    // Not recorded here: the blob goes unless a row uses it (the same bytes made by the other side do).
    await releaseBlobs([hold], recorded);
  }
}
