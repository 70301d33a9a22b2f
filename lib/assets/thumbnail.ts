import "server-only";
import { Readable } from "node:stream";
import sharp from "sharp";
import { hasErrorName } from "@/lib/error-name";
import { boundedWebp } from "@/lib/media/bounded-webp";
import { IMAGE_PIXEL_LIMIT } from "./upload-limits";
import { blobStore } from "@/lib/storage";
import { withLocalFile } from "@/lib/storage/blob-store";

const THUMBNAIL_EDGE = 384;

/** The image could not be decoded: `cause` is sharp's error (corrupt data, cut off, over the pixel limit). */
export class ImageDecodeError extends Error {
  override readonly name = "ImageDecodeError";
  constructor(cause: unknown) {
    super("The image could not be decoded", { cause });
  }
}

export function isImageDecodeError(error: unknown): error is ImageDecodeError {
  return hasErrorName(error, "ImageDecodeError");
}

/**
 * A small WebP for grids and history strips (at most THUMBNAIL_MAX_BYTES, lib/media/bounded-webp), so
 * pages never download full-size originals to show a preview. Making it decodes the whole image, which is also the studio's proof that the file is a
 * readable image: sharp reads the stored file from its path (never buffering the file whole), fails
 * on corrupt or cut-off data (`failOn: "error"`; bytes after the image's end, or a mere libjpeg
 * warning, do not fail it), and refuses more pixels than the studio's limit from the header, before
 * decoding.
 */
export async function makeThumbnail(storageKey: string, signal?: AbortSignal): Promise<string> {
  let webp: Buffer;
  try {
    webp = await withLocalFile(blobStore(), storageKey, thumbnailWebp);
  } catch (error) {
    throw new ImageDecodeError(error);
  }
  const stored = await blobStore().put(Readable.from([webp]), { signal });
  return stored.key;
}

/** The thumbnail of the image file at `file`, as makeThumbnail stores it. */
export function thumbnailWebp(file: string): Promise<Buffer> {
  return boundedWebp(sharp(file, { limitInputPixels: IMAGE_PIXEL_LIMIT.maxPixels, failOn: "error" }).rotate(), THUMBNAIL_EDGE);
}
