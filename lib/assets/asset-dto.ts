import { isFullyDecodable } from "./decodable";
import { deliveryLinks, type DeliveryLinks } from "./delivery-links";

// What the browser gets about an asset: links through the studio, never storage paths or upstream URLs.
export type AssetDto = {
  id: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  /** A video's or a sound's length in milliseconds; null for images. */
  durationMs: number | null;
  url: string;
  thumbnailUrl: string | null;
  downloadUrl: string;
  /**
   * The same files by signed URLs that need no session (faster: no access check per request), open
   * until `expiresAt`; pages use these and refetch before they expire.
   */
  delivery: DeliveryLinks;
  /** Set on the images of a beta layer decomposition: the base image or a layer. */
  role: "base" | "layer" | null;
  /** Order within its generation (a group's image n, a layer's index). */
  position: number;
  /** A layer's box on its base image, in base pixels; null when the upstream gave none (the layer then covers the base). */
  layout: LayerBox | null;
  createdAt: string;
};

export type LayerBox = { x: number; y: number; width: number; height: number };

export function toAssetDto(asset: {
  id: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: bigint | number;
  storageKey: string;
  durationMs?: number | null;
  thumbnailKey: string | null;
  role?: "base" | "layer" | null;
  position?: number;
  layout?: unknown;
  createdAt: Date;
}): AssetDto {
  return {
    id: asset.id,
    kind: asset.kind,
    mime: asset.mime,
    width: asset.width,
    height: asset.height,
    bytes: Number(asset.bytes),
    durationMs: asset.durationMs ?? null,
    url: `/api/assets/${asset.id}`,
    thumbnailUrl: thumbnailLink(asset),
    downloadUrl: `/api/assets/${asset.id}?download=1`,
    delivery: deliveryLinks(asset),
    role: asset.role ?? null,
    position: asset.position ?? 0,
    layout: isLayerBox(asset.layout) ? asset.layout : null,
    createdAt: asset.createdAt.toISOString(),
  };
}

function isLayerBox(value: unknown): value is LayerBox {
  if (typeof value !== "object" || value === null) return false;
  const box = value as Record<string, unknown>;
  return ["x", "y", "width", "height"].every((key) => typeof box[key] === "number" && Number.isFinite(box[key]));
}

/**
 * The session link to an asset's thumbnail. A decodable image always has one: the thumbnail of a
 * result is made after its row, and the link makes it on demand (or serves the image whole) until
 * then. A video's is its poster frame, made before its row; a sound has none.
 */
export function thumbnailLink(asset: { id: string; mime: string; thumbnailKey: string | null }): string | null {
  return asset.thumbnailKey || isFullyDecodable(asset.mime) ? `/api/assets/${asset.id}?variant=thumb` : null;
}
