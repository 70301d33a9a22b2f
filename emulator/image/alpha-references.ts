import sharp from "sharp";
import { alphaInvalid } from "./errors";
import type { FileStore } from "./files";
import { probeImage, type ImageProbe } from "./image-probe";
import { InputImageError, loadImage } from "./image-input";

export interface AlphaImage {
  bytes: Buffer;
  probe: ImageProbe;
}

/** Spec 4.1 / 4.2 rule 1: alpha inputs are png or jpeg (jpg), each within `maxBytes`. */
export async function loadAlphaImage(ref: string, files: FileStore, maxBytes: number, param: string): Promise<AlphaImage> {
  let bytes: Buffer;
  try {
    ({ bytes } = await loadImage(ref, { files, maxBytes, allowRawBase64: true }));
  } catch (error) {
    if (error instanceof InputImageError) throw alphaInvalid(error.message, param);
    throw error;
  }
  const probe = await probeImage(bytes);
  if (!probe || (probe.format !== "png" && probe.format !== "jpeg")) {
    throw alphaInvalid("images must be png, jpeg or jpg", param);
  }
  return { bytes, probe };
}

/** Spec 4.2 resize_max_pixels: a larger input is scaled down proportionally before use. */
export async function limitPixels(image: AlphaImage, maxPixels: number): Promise<AlphaImage> {
  const { width, height } = image.probe;
  if (width * height <= maxPixels) return image;
  const scale = Math.sqrt(maxPixels / (width * height));
  const target = { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  const bytes = await sharp(image.bytes).resize(target.width, target.height, { fit: "fill" }).png().toBuffer();
  return { bytes, probe: { format: "png", ...target } };
}
