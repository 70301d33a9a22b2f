import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { mediaSlots } from "@/lib/media/media-slots";
import { isFullyDecodable } from "./decodable";
import { dropHolds, holdBlob, releaseBlobs } from "./pending-blobs";
import { makeThumbnail } from "./thumbnail";

type ThumbnailSubject = { id: string; ownerId: string; storageKey: string; mime: string; thumbnailKey: string | null };

/** Background thumbnails start once no result has been stored for this long. */
const QUIET_MS = 1_000;

// Thumbnails of stored results are made after their row exists, off the job's path (issue 9): in the
// background once results stop arriving for QUIET_MS, one at a time, so that a burst of generations
// keeps the cores for itself (a thumbnail's decode costs about as much as a job's own work here); a
// page that asks for a thumbnail sooner has it made then (`thumbnailFor`). On globalThis so every
// route bundle of the server shares the line and the makings under way.
type ThumbnailLine = { pending: ThumbnailSubject[]; quiet?: NodeJS.Timeout; line: Promise<unknown>; making: Map<string, Promise<string | null>> };
const holder = globalThis as typeof globalThis & { studioThumbnails?: ThumbnailLine };
const state: ThumbnailLine = (holder.studioThumbnails ??= { pending: [], line: Promise.resolve(), making: new Map() });

/** Queues the asset's thumbnail; a failure is logged, and its thumb variant then serves the full image. */
export function makeThumbnailLater(asset: ThumbnailSubject) {
  state.pending.push(asset);
  clearTimeout(state.quiet);
  state.quiet = setTimeout(startPending, QUIET_MS);
}

function startPending(): void {
  state.quiet = undefined;
  for (const asset of state.pending.splice(0)) {
    state.line = state.line.then(() => thumbnailFor(asset)).catch((error: unknown) => log.error({ err: error, assetId: asset.id }, "could not make a thumbnail"));
  }
}

/**
 * The asset's thumbnail key, made now (or joined, when already being made) when the row has none yet:
 * before the background line got to it, or after a crash between the row and its thumbnail. Null
 * when the type cannot be decoded here or making it failed (the file is then served whole in its
 * place).
 */
export async function thumbnailFor(asset: ThumbnailSubject): Promise<string | null> {
  if (asset.thumbnailKey) return asset.thumbnailKey;
  if (!isFullyDecodable(asset.mime)) return null;
  let making = state.making.get(asset.id);
  if (!making) {
    making = recordThumbnail(asset).finally(() => state.making.delete(asset.id));
    state.making.set(asset.id, making);
  }
  return making;
}

async function recordThumbnail(asset: ThumbnailSubject): Promise<string | null> {
  // Already made by an earlier request or the line (the caller's row may be older).
  const current = await db.asset.findUnique({ where: { id: asset.id }, select: { thumbnailKey: true } });
  if (!current) return null;
  if (current.thumbnailKey) return current.thumbnailKey;
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
    return recorded ? key : null;
  } finally {
    // Not recorded: the asset was deleted meanwhile; the blob goes unless another row uses it.
    await releaseBlobs([hold], recorded);
  }
}

/** Starts what waits for quiet and resolves once every queued or requested thumbnail is done (tests wait for it before deleting the files). */
export function thumbnailsSettled(): Promise<unknown> {
  if (state.quiet) {
    clearTimeout(state.quiet);
    startPending();
  }
  return Promise.allSettled([state.line, ...state.making.values()]);
}
