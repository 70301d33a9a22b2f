import "server-only";
import sharp from "sharp";
import { log } from "@/lib/log";
import { decodeInProcess, HEIF_DECODE_LIMITS, type HeifDecodeLimits, type RgbaImage } from "./heif-decoder-process";
import { ImageDecodeError } from "./thumbnail";
import { IMAGE_PIXEL_LIMIT } from "./upload-limits";

export type ConvertedImage = { bytes: Buffer; mime: "image/jpeg" | "image/png"; width: number; height: number };

const HEIF_MIMES: ReadonlySet<string> = new Set(["image/heic", "image/heif"]);

export function isHeif(mime: string): boolean {
  return HEIF_MIMES.has(mime);
}

// "High quality" for a photograph that becomes a reference: visually lossless at a fraction of PNG's size.
const JPEG_QUALITY = 92;

/**
 * An HEIC/HEIF file as a JPEG (or a PNG when any pixel is not fully opaque), the formats every browser
 * shows, sharp thumbnails, and the beta endpoint reads (spec 8). The caller has checked the pixel size
 * from the file's header against IMAGE_PIXEL_LIMIT first: decoding holds every pixel in memory.
 * Colour: libheif hands over the pixels in the file's own primaries (Display P3 for recent iPhones)
 * and heic-decode does not expose the ICC profile, so a wide-gamut photo comes out slightly less
 * saturated than on the phone; nothing else is lost.
 */
export async function convertHeif(file: Uint8Array): Promise<ConvertedImage> {
  const image = await decodeHeif(file);
  const pixels = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
  const { width, height } = image;
  if (isOpaque(image)) return { bytes: await pixels.removeAlpha().jpeg({ quality: JPEG_QUALITY }).toBuffer(), mime: "image/jpeg", width, height };
  return { bytes: await pixels.png().toBuffer(), mime: "image/png", width, height };
}

/**
 * Every pixel of the primary image. sharp first: its libheif decodes AV1-coded HEIF natively and
 * refuses HEVC at once ("compression format has not been built in"); then libheif-js (WebAssembly,
 * with an HEVC decoder), for HEIC as iPhones write it, in a child process bounded by `limits`
 * (heif-decoder-process.ts): its decode takes about 1.3 s for a 12 MP iPhone photo on these
 * machines, which on the server's own thread would hold up every other request meanwhile. Throws
 * ImageDecodeError when neither can read it; its cause is a HeifDecodeLimitError (`code`
 * "decode_limit") when the decode ran past a limit.
 */
export async function decodeHeif(file: Uint8Array, limits: HeifDecodeLimits = HEIF_DECODE_LIMITS): Promise<RgbaImage> {
  // libheif decodes a grid whose tiles were cut off without failing (the missing tiles stay blank):
  // a file that ends inside a box is refused first, as sharp's `failOn: "error"` refuses cut-off PNGs.
  if (!boxesFillFile(file)) throw new ImageDecodeError(new Error("The HEIF file ends inside a box: it is cut off"));
  try {
    const { data, info } = await sharp(file, { limitInputPixels: IMAGE_PIXEL_LIMIT.maxPixels, failOn: "error" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (sharpError) {
    try {
      return await decodeInProcess(file, limits);
    } catch (error) {
      log.warn({ err: error }, "HEIF file not decoded");
      if (isDecodeLimitError(error)) throw new ImageDecodeError(error);
      // The designer hears "not a readable image"; the log keeps why, in case the decoder itself broke.
      throw new ImageDecodeError(new AggregateError([sharpError, error], "Neither sharp nor libheif-js could decode the HEIF file"));
    }
  }
}

/** Whether the top-level ISO BMFF boxes (ISO/IEC 14496-12 4.2) end exactly where the file does. */
function boxesFillFile(file: Uint8Array): boolean {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = 0;
  while (at + 8 <= file.length) {
    const size = view.getUint32(at);
    if (size === 0) return true; // the last box runs to the end of the file
    const length = size === 1 && at + 16 <= file.length ? Number(view.getBigUint64(at + 8)) : size;
    if (length < 8) return false;
    at += length;
  }
  return at === file.length;
}

function isOpaque(image: RgbaImage): boolean {
  for (let alpha = 3; alpha < image.data.length; alpha += 4) if (image.data[alpha] !== 255) return false;
  return true;
}

/** Whether a decode failed by running past HEIF_DECODE_LIMITS rather than on the file's bytes. */
export function isDecodeLimitError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "decode_limit";
}
