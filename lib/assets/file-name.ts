// Every type the studio stores, with the extension its downloads get.
const extensionByMime = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
  "image/heic": "heic",
  "image/heif": "heif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
} as const;

export type AssetMime = keyof typeof extensionByMime;

export const ASSET_MIMES = Object.keys(extensionByMime) as [AssetMime, ...AssetMime[]];

function isAssetMime(mime: string): mime is AssetMime {
  // Own keys only: "constructor" or "toString" must not find Object.prototype's members.
  return Object.hasOwn(extensionByMime, mime);
}

export function extensionFor(mime: string): string {
  return isAssetMime(mime) ? extensionByMime[mime] : "bin";
}

export function assetFileName(asset: { id: string; kind: string; mime: string }): string {
  return `studio-${asset.kind}-${asset.id.slice(0, 8)}.${extensionFor(asset.mime)}`;
}
