import type { AssetDto } from "@/lib/assets/asset-dto";

// A reference image chosen in a form: an uploaded or picked studio asset.
export type ReferenceImage = Pick<AssetDto, "id" | "mime" | "bytes" | "url" | "thumbnailUrl" | "width" | "height">;

export function toFormImage(image: ReferenceImage) {
  return { assetId: image.id, mime: image.mime, bytes: image.bytes };
}
