import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { isFullyDecodable } from "./decodable";
import { holdBlob, releaseBlobs } from "./pending-blobs";
import { makeThumbnail } from "./thumbnail";

type ThumbnailSubject = { id: string; storageKey: string; mime: string; thumbnailKey: string | null };

// Thumbnails of stored results are made after their row exists, off the request's path (issue 9).
// One at a time, so that under load they never take every core from the requests that generate; on
// globalThis so every route bundle of the server shares the line and the makings under way.
const state = ((globalThis as typeof globalThis & { studioThumbnails?: { line: Promise<unknown>; making: Map<string, Promise<string | null>> } })
  .studioThumbnails ??= { line: Promise.resolve(), making: new Map() });

/** Queues the asset's thumbnail; a failure is logged, and its thumb variant then serves the full image. */
export function makeThumbnailLater(asset: ThumbnailSubject) {
  state.line = state.line.then(() => thumbnailFor(asset, { fresh: true })).catch((error: unknown) => log.error({ err: error, assetId: asset.id }, "could not make a thumbnail"));
}

/**
 * The asset's thumbnail key, made now (or joined, when already being made) when the row has none yet:
 * after a crash between the row and its thumbnail, or before the queued one is done. Null when the
 * type cannot be decoded here or making it failed (the file is then served whole in its place).
 * `fresh`: the row was just created by this process, so its thumbnail is not looked up first (made
 * meanwhile by another request, it is only made twice: the same bytes under the same key).
 */
export async function thumbnailFor(asset: ThumbnailSubject, { fresh = false } = {}): Promise<string | null> {
  if (asset.thumbnailKey) return asset.thumbnailKey;
  if (!isFullyDecodable(asset.mime)) return null;
  let making = state.making.get(asset.id);
  if (!making) {
    making = recordThumbnail(asset, fresh).finally(() => state.making.delete(asset.id));
    state.making.set(asset.id, making);
  }
  return making;
}

async function recordThumbnail(asset: ThumbnailSubject, fresh: boolean): Promise<string | null> {
  if (!fresh) {
    // Already made by an earlier request or the queue (the caller's row may be older).
    const current = await db.asset.findUnique({ where: { id: asset.id }, select: { thumbnailKey: true } });
    if (!current) return null;
    if (current.thumbnailKey) return current.thumbnailKey;
  }
  // The blob is fsynced before the row names it. A crash in between leaves it unnamed, but WebP
  // encoding is deterministic and keys are content hashes, so the next making names that same blob.
  const key = await makeThumbnail(asset.storageKey);
  holdBlob(key);
  let recorded = false;
  try {
    const updated = await db.asset.updateMany({ where: { id: asset.id, thumbnailKey: null }, data: { thumbnailKey: key } });
    recorded = updated.count === 1;
    return recorded ? key : null;
  } finally {
    // Not recorded: the asset was deleted meanwhile; the blob goes unless another row uses it.
    await releaseBlobs([key], recorded);
  }
}

/** Resolves once every queued or requested thumbnail is done (tests wait for it before deleting the files). */
export function thumbnailsSettled(): Promise<unknown> {
  return Promise.allSettled([state.line, ...state.making.values()]);
}
