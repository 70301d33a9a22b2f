import "server-only";
import { isFullyDecodable } from "./decodable";
import { signDeliveryPath, deliveryExpiry } from "./delivery-url";
import { assetFileName } from "./file-name";

/** An asset's delivery URLs, minted where the viewer's access was checked; they open it until `expiresAt`. */
export type DeliveryLinks = { url: string; thumbnailUrl: string | null; downloadUrl: string; expiresAt: string };

type Deliverable = { id: string; kind: string; mime: string; storageKey: string; thumbnailKey: string | null };

export function deliveryLinks(asset: Deliverable, now = Date.now()): DeliveryLinks {
  const fileName = assetFileName(asset);
  const file = { assetId: asset.id, storageKey: asset.storageKey, mime: asset.mime, fileName };
  return {
    url: signDeliveryPath({ ...file, variant: "file" }, now),
    thumbnailUrl: deliveryThumbnailUrl(asset, now),
    downloadUrl: signDeliveryPath({ ...file, variant: "download" }, now),
    expiresAt: new Date(deliveryExpiry(now) * 1000).toISOString(),
  };
}

// The byte path never makes a thumbnail (that would need the database): an image whose thumbnail is
// not made yet is shown whole until a later refetch mints the thumbnail's URL.
export function deliveryThumbnailUrl(asset: Deliverable, now = Date.now()): string | null {
  if (asset.thumbnailKey) {
    return signDeliveryPath({ assetId: asset.id, variant: "thumb", storageKey: asset.thumbnailKey, mime: "image/webp", fileName: `thumb-${asset.id}.webp` }, now);
  }
  if (!isFullyDecodable(asset.mime)) return null;
  return signDeliveryPath({ assetId: asset.id, variant: "thumb", storageKey: asset.storageKey, mime: asset.mime, fileName: assetFileName(asset) }, now);
}
