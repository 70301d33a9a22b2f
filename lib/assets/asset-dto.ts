import { isFullyDecodable } from "./decodable";

// What the browser gets about an asset: links through the studio, never storage paths or upstream URLs.
export type AssetDto = {
  id: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  url: string;
  thumbnailUrl: string | null;
  downloadUrl: string;
  createdAt: string;
};

export function toAssetDto(asset: {
  id: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: bigint | number;
  thumbnailKey: string | null;
  createdAt: Date;
}): AssetDto {
  return {
    id: asset.id,
    kind: asset.kind,
    mime: asset.mime,
    width: asset.width,
    height: asset.height,
    bytes: Number(asset.bytes),
    url: `/api/assets/${asset.id}`,
    // A decodable image always has a thumb link: the thumbnail of a result is made after its row, and
    // the link makes it on demand (or serves the image whole) until then (issue 9).
    thumbnailUrl: asset.thumbnailKey || isFullyDecodable(asset.mime) ? `/api/assets/${asset.id}?variant=thumb` : null,
    downloadUrl: `/api/assets/${asset.id}?download=1`,
    createdAt: asset.createdAt.toISOString(),
  };
}
