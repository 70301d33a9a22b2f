const extensionByMime: Record<string, string> = {
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
};

export function extensionFor(mime: string): string {
  return extensionByMime[mime] ?? "bin";
}

export function assetFileName(asset: { id: string; kind: string; mime: string }): string {
  return `studio-${asset.kind}-${asset.id.slice(0, 8)}.${extensionFor(asset.mime)}`;
}
