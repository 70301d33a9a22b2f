import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { blobStore } from "@/lib/storage";

// Blobs written by stores still under way, by key. Keys are content hashes, so two uploads of the same
// bytes share one blob: one that fails must not remove the blob the other is about to record. On
// globalThis, like the blob store, so every route bundle of the server shares one count.
const pendingBlobs = ((globalThis as typeof globalThis & { studioPendingBlobs?: Map<string, number> }).studioPendingBlobs ??= new Map());

export function holdBlob(key: string) {
  pendingBlobs.set(key, (pendingBlobs.get(key) ?? 0) + 1);
}

/** Lets go of `keys`; unless `recorded` (a row now uses them), removes those no row and no other store uses. */
export async function releaseBlobs(keys: string[], recorded: boolean) {
  for (const key of keys) {
    const holders = (pendingBlobs.get(key) ?? 1) - 1;
    if (holders > 0) pendingBlobs.set(key, holders);
    else pendingBlobs.delete(key);
  }
  if (recorded) return;
  for (const key of keys) {
    if (pendingBlobs.has(key)) continue;
    // A failed clean-up must not hide why the store failed: it is logged, and the caller gets the cause.
    await deleteBlobIfUnused(key).catch((error: unknown) => log.error({ err: error, key }, "could not remove an unused blob"));
  }
}

/** After rows were deleted: removes the blobs of `keys` that no remaining row and no store under way uses. */
export async function removeUnusedBlobs(keys: string[]) {
  for (const key of new Set(keys)) {
    if (pendingBlobs.has(key)) continue;
    await deleteBlobIfUnused(key).catch((error: unknown) => log.error({ err: error, key }, "could not remove an unused blob"));
  }
}

async function deleteBlobIfUnused(key: string) {
  const users = await db.asset.count({ where: { OR: [{ storageKey: key }, { thumbnailKey: key }] } });
  if (users === 0) await blobStore().delete(key);
}
