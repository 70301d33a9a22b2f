import "server-only";
import { db } from "@/lib/db/client";
import { removeUnusedBlobs } from "./pending-blobs";

/**
 * Deletes Asset rows nobody uses any more (their job was cancelled or deleted while they were
 * stored), then their blobs, unless another row or a store under way still uses them.
 */
export async function dropAssets(ids: string[]): Promise<void> {
  const keys = await db.$transaction(async (tx) => {
    const assets = await tx.asset.findMany({ where: { id: { in: ids } }, select: { storageKey: true, thumbnailKey: true } });
    await tx.asset.deleteMany({ where: { id: { in: ids } } });
    return assets.flatMap((asset) => (asset.thumbnailKey ? [asset.storageKey, asset.thumbnailKey] : [asset.storageKey]));
  });
  await removeUnusedBlobs(keys);
}
