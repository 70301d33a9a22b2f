import "server-only";
import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import { fileTypeFromFile } from "file-type/node";
import type { IImage } from "image-size/types/interface";
import { BMP } from "image-size/types/bmp";
import { GIF } from "image-size/types/gif";
import { JPG } from "image-size/types/jpg";
import { PNG } from "image-size/types/png";
import { TIFF } from "image-size/types/tiff";
import { WEBP } from "image-size/types/webp";
import sharp from "sharp";
import { isHeif } from "./heic";
import { heifDecodeSize } from "./heif-size";
import type { PixelSize } from "./pixel-size";
import { IMAGE_PIXEL_LIMIT } from "./upload-limits";
import { blobStore } from "@/lib/storage";
import { withLocalFile } from "@/lib/storage/blob-store";

export type ImageHeader = { mime: string; size: PixelSize | undefined };

// How much of a file is read to learn its format and pixel size: never the whole file. Formats keep
// their size in the first bytes (PNG, GIF, WebP, BMP: under 32 bytes; HEIC: the `meta` box before
// the data); a JPEG's may follow up to 64 KB per metadata segment. image-size reads as much from files.
const HEADER_BYTES = 512 * 1024;

// The header reader for each sniffed type, so the size comes from the format the magic bytes name
// (a file cannot be sniffed as one format and measured as another). HEIF has its own (heif-size.ts):
// image-size answers the first `ispe` it meets, a grid tile's size for an iPhone photo.
const headerReaders = new Map<string, IImage>([
  ["image/png", PNG],
  ["image/jpeg", JPG],
  ["image/webp", WEBP],
  ["image/gif", GIF],
  ["image/bmp", BMP],
  ["image/tiff", TIFF],
]);

/**
 * The real format from magic bytes (never the file name or the declared Content-Type) and the pixel
 * size from the header, both read from the stored file without decoding anything or holding it in
 * memory. `size` is undefined when the header does not say it within the first HEADER_BYTES (a TIFF
 * whose directory is at the end, a JPEG with more metadata than that before its frame header).
 */
export async function readImageHeader(storageKey: string): Promise<ImageHeader | undefined> {
  // file-type reads the few bytes it needs from the file itself: a TIFF's kind is in its directory,
  // which writers often put at the end.
  const mime = (await withLocalFile(blobStore(), storageKey, (file) => fileTypeFromFile(file)))?.mime;
  if (!mime?.startsWith("image/")) return undefined;
  // A copy with its own exact ArrayBuffer: image-size reads through DataViews of `.buffer`, which for
  // a pooled Buffer would run on into unrelated memory.
  const head = new Uint8Array(await buffer(await blobStore().get(storageKey, { start: 0, end: HEADER_BYTES - 1 })));
  return { mime, size: sizeFromHeader(head, mime) };
}

/**
 * Keeps the first HEADER_BYTES of `source` as they stream past on their way to the blob store, so
 * the header is read from memory rather than from the file once written (a read-back would
 * put a file read on every store's path).
 */
export function keepHead(source: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  async function* passThrough() {
    for await (const chunk of source) {
      total += chunk.length;
      if (kept < HEADER_BYTES) {
        const part = chunk.subarray(0, HEADER_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      yield chunk;
    }
  }
  return {
    source: passThrough(),
    /** The head, once the stream has ended; `whole` when it is the entire file. */
    head() {
      // Its own exact ArrayBuffer: image-size reads through DataViews of `.buffer` (see readImageHeader).
      const bytes = new Uint8Array(kept);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      return { bytes, whole: total === kept };
    },
  };
}

/**
 * readImageHeader from the head kept while the file was stored. file-type looks past the first bytes
 * only for TIFF (its kind is in its directory, often at the end): when the head is not the whole file
 * and names no type or TIFF, the file itself is read as before.
 */
export async function readStreamedHeader(head: { bytes: Uint8Array; whole: boolean }, storageKey: string): Promise<ImageHeader | undefined> {
  const mime = (await fileTypeFromBuffer(head.bytes))?.mime;
  if (!head.whole && (mime === undefined || mime === "image/tiff")) return readImageHeader(storageKey);
  if (!mime?.startsWith("image/")) return undefined;
  return { mime, size: sizeFromHeader(head.bytes, mime) };
}

function sizeFromHeader(head: Uint8Array, mime: string): PixelSize | undefined {
  if (isHeif(mime)) {
    const size = heifDecodeSize(head);
    return size && isPixelCount(size.width) && isPixelCount(size.height) ? size : undefined;
  }
  const reader = headerReaders.get(mime);
  if (!reader) return undefined;
  try {
    if (!reader.validate(head)) return undefined;
    const { width, height } = reader.calculate(head);
    return isPixelCount(width) && isPixelCount(height) ? { width, height } : undefined;
  } catch {
    // Cut off before the size (the header runs past HEADER_BYTES) or malformed: unknown here.
    return undefined;
  }
}

function isPixelCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

export function exceedsPixelLimit(size: PixelSize): boolean {
  return size.width > IMAGE_PIXEL_LIMIT.maxSide || size.height > IMAGE_PIXEL_LIMIT.maxSide || size.width * size.height > IMAGE_PIXEL_LIMIT.maxPixels;
}

/** sharp refuses input over `limitInputPixels` with this message, from the header, before decoding. */
export function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}

/**
 * The pixel size as sharp reads it, for a decodable file whose size is not in its first bytes.
 * libvips reads the header from the file (nothing is decoded, nothing held in memory) and refuses
 * one over the pixel limit (`isPixelLimitError`).
 */
export async function readSizeWithDecoder(storageKey: string): Promise<PixelSize | undefined> {
  const meta = await withLocalFile(blobStore(), storageKey, (file) => sharp(file, { limitInputPixels: IMAGE_PIXEL_LIMIT.maxPixels, failOn: "error" }).metadata());
  return isPixelCount(meta.width) && isPixelCount(meta.height) ? { width: meta.width, height: meta.height } : undefined;
}
