import "server-only";
import type { Readable } from "node:stream";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isFullyDecodable } from "./decodable";
import { exceedsPixelLimit, isPixelLimitError, keepHead, readSizeWithDecoder, readStreamedHeader, type ImageHeader, type PixelSize } from "./image-probe";
import { holdBlob, releaseBlobs } from "./pending-blobs";
import { ImageDecodeError, makeThumbnail } from "./thumbnail";
import { makeThumbnailLater } from "./thumbnail-later";
import { formatMegabytes, mimeList } from "./media-labels";
import { blobStore } from "@/lib/storage";
import { BlobTooLargeError } from "@/lib/storage/blob-store";
import { IMAGE_PIXEL_LIMIT } from "./upload-limits";

type StoreImageInput = {
  source: Readable | AsyncIterable<Uint8Array>;
  ownerId: string;
  teamId: string | null;
  kind: "image" | "layer" | "input";
  allowedMimes: readonly string[];
  maxBytes: number;
  sourceUrl?: string;
  generationId?: string;
  turnId?: string;
  position?: number;
  visibility?: "private" | "team";
  signal?: AbortSignal;
  /**
   * "before-row" (uploads): the file must decode before its row exists, and that decode makes the
   * thumbnail. "after-row" (results of the configured image service): its header is checked before
   * the row, and the thumbnail, whose decode is then the proof, is made afterwards in the background.
   */
  decode: "before-row" | "after-row";
};

type CheckedImage = { mime: string; size: PixelSize; thumbnailKey: string | null };

/**
 * Streams an image into the blob store (which fsyncs it before answering), then checks it before an
 * Asset row exists: its real format by magic bytes and its pixel size from the header against
 * IMAGE_PIXEL_LIMIT (before anything decodes it), both read from the head kept while streaming; for
 * `decode: "before-row"`, also that it decodes, which yields its WebP thumbnail. Only then is the row
 * created: an Asset always has its bytes, and bytes never stay without an Asset. Whatever ends the
 * attempt after the write (a refusal, an abort, a database error) removes the blobs it wrote unless
 * a row uses them. With "after-row", the thumbnail follows the row (thumbnail-later.ts).
 */
export async function storeImage(input: StoreImageInput) {
  const streamed = keepHead(input.source);
  const stored = await putWithinLimit({ ...input, source: streamed.source });
  const written = [stored.key];
  holdBlob(stored.key);
  let asset;
  try {
    const header = await readStreamedHeader(streamed.head(), stored.key);
    const image = await checkImage(stored.key, header, input, (thumbnailKey) => {
      written.push(thumbnailKey);
      holdBlob(thumbnailKey);
    });
    input.signal?.throwIfAborted();
    asset = await db.asset.create({
      data: {
        kind: input.kind,
        storageKey: stored.key,
        sha256: stored.sha256,
        bytes: BigInt(stored.bytes),
        mime: image.mime,
        width: image.size.width,
        height: image.size.height,
        thumbnailKey: image.thumbnailKey,
        sourceUrl: input.sourceUrl,
        ownerId: input.ownerId,
        teamId: input.teamId,
        visibility: input.visibility ?? "private",
        generationId: input.generationId,
        turnId: input.turnId,
        position: input.position ?? 0,
      },
    });
    if (!asset.thumbnailKey && input.decode === "after-row") makeThumbnailLater(asset);
    return asset;
  } finally {
    await releaseBlobs(written, asset !== undefined);
  }
}

async function putWithinLimit(input: StoreImageInput) {
  try {
    return await blobStore().put(input.source, { maxBytes: input.maxBytes, signal: input.signal });
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw fileTooLarge(input.maxBytes);
    throw error;
  }
}

async function checkImage(key: string, header: ImageHeader | undefined, input: StoreImageInput, onThumbnail: (key: string) => void): Promise<CheckedImage> {
  if (!header || !input.allowedMimes.includes(header.mime)) throw wrongType(input.allowedMimes, header?.mime);
  if (header.size && exceedsPixelLimit(header.size)) throw tooManyPixels(header.size);

  if (!isFullyDecodable(header.mime)) {
    // BMP and HEVC-coded HEIC cannot be decoded here (sharp's prebuilt libvips reads no BMP; its
    // libheif decodes AV1 only), yet the beta upstream takes them (spec 8) and phones send HEIC.
    // So for these a readable header within the pixel limit is the bar; they get a thumbnail when
    // sharp can make one after all (AV1-coded HEIF), and none otherwise.
    if (!header.size) throw unreadable(input.allowedMimes);
    const thumbnailKey = await makeThumbnail(key, input.signal).catch((error: unknown) => {
      if (error instanceof ImageDecodeError) return null;
      throw error;
    });
    if (thumbnailKey) onThumbnail(thumbnailKey);
    return { mime: header.mime, size: header.size, thumbnailKey };
  }

  let size = header.size;
  if (!size) {
    try {
      size = await readSizeWithDecoder(key);
    } catch (error) {
      throw decodeRefusal(error, input.allowedMimes);
    }
    if (!size) throw unreadable(input.allowedMimes);
    if (exceedsPixelLimit(size)) throw tooManyPixels(size);
  }
  if (input.decode === "after-row") return { mime: header.mime, size, thumbnailKey: null };
  let thumbnailKey: string;
  try {
    thumbnailKey = await makeThumbnail(key, input.signal);
  } catch (error) {
    throw error instanceof ImageDecodeError ? decodeRefusal(error.cause, input.allowedMimes) : error;
  }
  onThumbnail(thumbnailKey);
  return { mime: header.mime, size, thumbnailKey };
}

function decodeRefusal(sharpError: unknown, allowedMimes: readonly string[]): AppError {
  return isPixelLimitError(sharpError) ? tooManyPixels() : unreadable(allowedMimes);
}

/** The file is over the byte limit of its purpose: from the streamed count, or its declared Content-Length. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The image is larger than ${formatMegabytes(maxBytes)}`, [
    { field: "file", message: `must be at most ${formatMegabytes(maxBytes)}` },
  ]);
}

function wrongType(allowedMimes: readonly string[], detected: string | undefined): AppError {
  const allowed = mimeList(allowedMimes);
  return new AppError("unsupported_media_type", `The file is not a ${allowed} image`, [
    { field: "file", message: `must be a ${allowed} image (detected ${detected ?? "an unknown format"})` },
  ]);
}

function unreadable(allowedMimes: readonly string[]): AppError {
  return new AppError("unsupported_media_type", "The file is not a readable image", [
    { field: "file", message: `must be a complete ${mimeList(allowedMimes)} image that decodes (it is damaged or cut off)` },
  ]);
}

const pixelRule = `at most ${IMAGE_PIXEL_LIMIT.maxSide.toLocaleString("en-US")} pixels on a side and ${IMAGE_PIXEL_LIMIT.maxPixels.toLocaleString("en-US")} pixels in all`;

function tooManyPixels(size?: PixelSize): AppError {
  const found = size ? `${size.width}×${size.height} pixels` : `more than ${IMAGE_PIXEL_LIMIT.maxPixels.toLocaleString("en-US")} pixels`;
  return new AppError("payload_too_large", `The image is ${found}; images may have ${pixelRule}`, [{ field: "file", message: `must have ${pixelRule}` }]);
}
