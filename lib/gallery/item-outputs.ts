import "server-only";
import { db } from "@/lib/db/client";
import type { Asset } from "@/lib/generated/prisma/client";

/**
 * The assets each entry shows (GalleryItemAsset output=true) or was made from (output=false), in the
 * order the entry shows them: a set's base first, then its layers or images by position.
 */
export async function linkedAssets(itemIds: string[], output: boolean): Promise<Map<string, Asset[]>> {
  const links = await db.galleryItemAsset.findMany({ where: { itemId: { in: itemIds }, output }, include: { asset: true } });
  const byItem = new Map<string, Asset[]>(itemIds.map((id) => [id, []]));
  for (const link of links) byItem.get(link.itemId)?.push(link.asset);
  for (const assets of byItem.values()) assets.sort(byPosition);
  return byItem;
}

function byPosition(a: Asset, b: Asset): number {
  return a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}
