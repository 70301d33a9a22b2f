import "server-only";
import { db } from "@/lib/db/client";
import { blobStore } from "@/lib/storage";
import { deleteBlobIfUnused } from "./pending-blobs";

/**
 * A blob written more recently than this is never swept. A store learns a blob's key (its content
 * hash) only when the put returns, so between the put and the store's hold nothing names the blob;
 * a put of bytes already stored writes them again, so the blob counts as that young. An hour is far
 * beyond that moment on a loaded machine, and costs only an hour's orphans on disk.
 */
export const ORPHAN_BLOB_GRACE_MS = 60 * 60 * 1000;

/**
 * A hold older than this was left by a process that stopped in the middle of a store (a crash, a
 * kill): a store under way ends its hold within minutes, with its row or its failure.
 */
export const STALE_HOLD_AFTER_MS = 24 * 60 * 60 * 1000;

/** How many listed blobs are looked up in the database at once. */
const LOOKUP_BATCH = 500;

export type OrphanSweepReport = { blobs: number; holds: number };

/**
 * Removes what a crash or a failed clean-up left behind: holds older than STALE_HOLD_AFTER_MS, then
 * blobs older than ORPHAN_BLOB_GRACE_MS that no Asset row (its file or its thumbnail) and no hold
 * names. Each candidate is checked again just before it goes, as any other removal is.
 */
export async function sweepOrphanBlobs(now = new Date()): Promise<OrphanSweepReport> {
  const { count: holds } = await db.blobHold.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - STALE_HOLD_AFTER_MS) } } });
  const writtenBefore = new Date(now.getTime() - ORPHAN_BLOB_GRACE_MS);
  let blobs = 0;
  let batch: string[] = [];
  for await (const blob of blobStore().list()) {
    if (blob.modifiedAt >= writtenBefore) continue;
    batch.push(blob.key);
    if (batch.length < LOOKUP_BATCH) continue;
    blobs += await removeUnnamed(batch);
    batch = [];
  }
  blobs += await removeUnnamed(batch);
  return { blobs, holds };
}

async function removeUnnamed(keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  const [assets, holds] = await Promise.all([
    db.asset.findMany({ where: { OR: [{ storageKey: { in: keys } }, { thumbnailKey: { in: keys } }] }, select: { storageKey: true, thumbnailKey: true } }),
    db.blobHold.findMany({ where: { key: { in: keys } }, select: { key: true } }),
  ]);
  const named = new Set<string | null>([...assets.flatMap((asset) => [asset.storageKey, asset.thumbnailKey]), ...holds.map((hold) => hold.key)]);
  let removed = 0;
  for (const key of keys) {
    if (!named.has(key) && (await deleteBlobIfUnused(key))) removed += 1;
  }
  return removed;
}
