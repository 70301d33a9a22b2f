// Types sharp decodes in full here. Its prebuilt libvips reads no BMP, and its libheif decodes
// AV1-coded HEIF only (iPhone HEIC is HEVC). HEIC/HEIF uploads are now stored converted to JPEG or
// PNG (heic.ts); a BMP, and an HEIC stored before that, has only its header checked and a thumbnail
// only when one could be made at upload. Browser-safe: the asset DTO reads it.
const fullyDecodable = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/tiff"]);

export function isFullyDecodable(mime: string): boolean {
  return fullyDecodable.has(mime);
}
