import "server-only";
import { randomUUID } from "node:crypto";
import { advisoryXactLock, advisoryXactLockCall } from "@/lib/db/advisory-lock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { blobStore } from "@/lib/storage";

// Blobs written by stores still under way are held by BlobHold rows. Keys are content hashes, so two
// uploads of the same bytes share one blob: one that fails, or a delete of a row with the same bytes,
// must not remove the blob the other is about to record. Rows, not memory, because web processes and
// workers share the database and the blob store: a hold must be seen by every one of them.
// Taking a hold and deleting an unused blob both run under the blob key's advisory lock, so a delete
// never falls between another process's check and act: a delete waits for a hold being taken, and a
// hold taken after a delete finds the blob gone and says so instead of recording a missing file.

export const BLOB_REMOVED_MESSAGE = "The stored file was removed while it was being recorded; try again";

/** One store's hold on one blob, taken with `holdBlob` and let go with `releaseBlobs` (or `dropHolds` as its row is recorded). */
export type BlobHold = { id: string; key: string };

/** Holds `key` for a store under way: taken right after the put returned the key, before its checks. */
export async function holdBlob(key: string): Promise<BlobHold> {
  const id = randomUUID();
  // One statement, which takes the key's lock and ends with it: it waits for a delete under way.
  await db.$executeRaw`INSERT INTO "BlobHold" (id, key) SELECT ${id}, ${key} FROM (SELECT ${advisoryXactLockCall("blob-key", key)}) AS locked`;
  // The put's key names bytes another store may have written too: a delete of those may have run
  // between the put and the hold. Then there is nothing left to hold, and the store must fail.
  if (!(await blobStore().stat(key))) {
    await db.blobHold.delete({ where: { id } });
    throw new AppError("conflict", BLOB_REMOVED_MESSAGE);
  }
  return { id, key };
}

/** Ends `holds` in the transaction that records the Asset row naming their blobs: from then on the row keeps them. */
export async function dropHolds(tx: Prisma.TransactionClient, holds: readonly BlobHold[]): Promise<void> {
  // Without holds Prisma would still send a statement (WHERE 1=0).
  if (holds.length === 0) return;
  await tx.blobHold.deleteMany({ where: { id: { in: holds.map((hold) => hold.id) } } });
}

/**
 * At the end of a store. `recorded`: the transaction that recorded the row naming the blobs also
 * ended `holds` (dropHolds), so nothing is left to do. Otherwise lets go of `holds` and removes the
 * blobs that no row and no other hold uses.
 */
export async function releaseBlobs(holds: readonly BlobHold[], recorded: boolean) {
  if (recorded) return;
  await dropHolds(db, holds);
  await removeUnusedBlobs(holds.map((hold) => hold.key));
}

/** After rows were deleted, or a store failed: removes the blobs of `keys` that no remaining row and no hold uses. */
export async function removeUnusedBlobs(keys: string[]) {
  for (const key of new Set(keys)) {
    // A failed clean-up must not hide why the caller is here: it is logged, and the orphan sweep retries it.
    await deleteBlobIfUnused(key).catch((error: unknown) => log.error({ err: error, key }, "could not remove an unused blob"));
  }
}

/** Removes the blob of `key` if no Asset row and no hold names it; says whether it did. */
export async function deleteBlobIfUnused(key: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "blob-key", key);
    // One after the other: a transaction's statements share one connection.
    const rows = await tx.asset.count({ where: { OR: [{ storageKey: key }, { thumbnailKey: key }] } });
    const holds = await tx.blobHold.count({ where: { key } });
    if (rows > 0 || holds > 0) return false;
    await blobStore().delete(key);
    return true;
  });
}
