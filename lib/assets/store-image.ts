import "server-only";
import type { Readable } from "node:stream";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { exceedsPixelLimit, isFullyDecodable, isPixelLimitError, readImageHeader, readSizeWithDecoder, type PixelSize } from "./image-probe";
import { ImageDecodeError, makeThumbnail } from "./thumbnail";
import { log } from "@/lib/log";
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
};

type CheckedImage = { mime: string; size: PixelSize; thumbnailKey: string | null };

/**
 * Streams an image into the blob store, then checks it before an Asset row exists: its real format
 * by magic bytes, its pixel size from the header against IMAGE_PIXEL_LIMIT (before anything decodes
 * it), and that it decodes, which yields its WebP thumbnail. Only then is the row created: an Asset
 * always has its bytes, and bytes never stay without an Asset. Whatever ends the attempt after the
 * write (a refusal, an abort, a database error) removes the blobs it wrote unless a row uses them.
 */
export async function storeImage(input: StoreImageInput) {
  const stored = await putWithinLimit(input);
  const written = [stored.key];
  holdBlob(stored.key);
  let asset;
  try {
    const image = await checkImage(stored.key, input, (thumbnailKey) => {
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

async function checkImage(key: string, input: StoreImageInput, onThumbnail: (key: string) => void): Promise<CheckedImage> {
  const header = await readImageHeader(key);
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

// Blobs written by stores still under way, by key. Keys are content hashes, so two uploads of the same
// bytes share one blob: one that fails must not remove the blob the other is about to record. On
// globalThis, like the blob store, so every route bundle of the server shares one count.
const pendingBlobs = ((globalThis as typeof globalThis & { studioPendingBlobs?: Map<string, number> }).studioPendingBlobs ??= new Map());

function holdBlob(key: string) {
  pendingBlobs.set(key, (pendingBlobs.get(key) ?? 0) + 1);
}

async function releaseBlobs(keys: string[], recorded: boolean) {
  for (const key of keys) {
    const holders = (pendingBlobs.get(key) ?? 1) - 1;
    if (holders > 0) pendingBlobs.set(key, holders);
    else pendingBlobs.delete(key);
  }
  if (recorded) return;
  for (const key of keys) {
    if (pendingBlobs.has(key)) continue;
    // A failed clean-up must not hide why the store failed: it is logged, and the caller gets the cause.
    await deleteBlobIfUnused(key).catch((error: unknown) => log.error({ err: error, key }, "could not remove an unused blob"));
  }
}

async function deleteBlobIfUnused(key: string) {
  const users = await db.asset.count({ where: { OR: [{ storageKey: key }, { thumbnailKey: key }] } });
  if (users === 0) await blobStore().delete(key);
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
