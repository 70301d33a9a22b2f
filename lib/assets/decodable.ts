// Types sharp decodes in full here. Its prebuilt libvips reads no BMP, and its libheif decodes
// AV1-coded HEIF only (iPhone HEIC is HEVC): for those the header is all the studio can check, and
// a thumbnail exists only when one could be made at upload. Browser-safe: the asset DTO reads it.
const fullyDecodable = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/tiff"]);

export function isFullyDecodable(mime: string): boolean {
  return fullyDecodable.has(mime);
}
