import sharp from "sharp";

export type ProbedFormat = "png" | "jpeg" | "webp" | "gif" | "bmp" | "tiff" | "heic" | "heif";

export interface ImageProbe {
  format: ProbedFormat;
  width: number;
  height: number;
}

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "heif"]);

function sniff(bytes: Buffer): ProbedFormat | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(0, 2) === "BM") return "bmp";
  if (ascii(0, 4) === "II*\u0000" || ascii(0, 4) === "MM\u0000*") return "tiff";
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (HEIC_BRANDS.has(brand)) return "heic";
    if (HEIF_BRANDS.has(brand)) return "heif";
  }
  return undefined;
}

// sharp's prebuilt binary reads neither BMP nor HEIC, so their sizes come from the headers.
function bmpSize(bytes: Buffer) {
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

function heifSize(bytes: Buffer) {
  const at = bytes.indexOf("ispe", 0, "latin1");
  if (at < 0 || at + 16 > bytes.length) return undefined;
  return { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
}

/** Format (from the magic bytes, not the claimed type) and pixel size; undefined if unreadable. */
export async function probeImage(bytes: Buffer): Promise<ImageProbe | undefined> {
  const format = sniff(bytes);
  if (!format) return undefined;
  if (format === "bmp") return bytes.length >= 26 ? { format, ...bmpSize(bytes) } : undefined;
  if (format === "heic" || format === "heif") {
    const size = heifSize(bytes);
    return size ? { format, ...size } : undefined;
  }
  try {
    const meta = await sharp(bytes).metadata();
    return meta.width && meta.height ? { format, width: meta.width, height: meta.height } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether sharp can decode the format to draw it (thumbnails, edit bases, layer sources). */
export const isDrawable = (format: ProbedFormat) => format !== "bmp" && format !== "heic" && format !== "heif";
