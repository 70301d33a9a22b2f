import { betaError } from "./errors";
import type { FileStore } from "./files";
import { probeImage, type ImageProbe } from "./image-probe";
import { InputImageError, loadImage } from "./image-input";

export interface BetaInputImage {
  bytes: Buffer;
  probe: ImageProbe;
}

// Spec 8: beta image inputs.
const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
const MIN_SIDE = 14;
const MAX_PIXELS = 36_000_000;
const MIN_RATIO = 1 / 16;
const MAX_RATIO = 16;

/** Loads one beta input image and applies the spec 8 rules with the spec 7.2 codes. */
export async function loadBetaImage(ref: string, files: FileStore, param: string): Promise<BetaInputImage> {
  let loaded;
  try {
    loaded = await loadImage(ref, { files, maxBytes: MAX_IMAGE_BYTES, allowRawBase64: false });
  } catch (error) {
    if (!(error instanceof InputImageError)) throw error;
    if (error.problem === "download") throw betaError("ImageDownloadFailure", error.message, param);
    if (error.problem === "too_large") throw betaError("ImageSizeInvalid", error.message, param);
    throw betaError("FieldInvalid", "an image must be a reachable URL or data:image/<format>;base64,<data>", param);
  }
  // Spec 4.3: `data:image/<image_format>;base64,...` with a lowercase format.
  if (loaded.declaredFormat !== undefined && loaded.declaredFormat !== loaded.declaredFormat.toLowerCase()) {
    throw betaError("ImageFormatInvalid", "the data URL image format must be lowercase", param);
  }
  const probe = await probeImage(loaded.bytes);
  if (!probe) {
    throw betaError("ImageFormatInvalid", "accepted formats: jpeg, png, webp, bmp, tiff, gif, heic, heif", param);
  }
  const { width, height } = probe;
  if (Math.min(width, height) < MIN_SIDE) throw betaError("ImageSizeInvalid", `image must be at least ${MIN_SIDE}x${MIN_SIDE}`, param);
  if (width * height > MAX_PIXELS) throw betaError("ImageSizeInvalid", "image must be at most 36 million pixels", param);
  const ratio = width / height;
  if (ratio < MIN_RATIO || ratio > MAX_RATIO) {
    throw betaError("ImageSizeInvalid", "image aspect ratio must be within 1:16 and 16:1", param);
  }
  return { bytes: loaded.bytes, probe };
}
