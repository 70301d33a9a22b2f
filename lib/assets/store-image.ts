import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Asset, Prisma } from "@/lib/generated/prisma/client";
import { sendThumbnailRun } from "@/lib/jobs/job-sender";
import { createAssetWithinQuota } from "@/lib/storage-quota/enforce-quota";
import { isFullyDecodable } from "./decodable";
import { convertHeif, isDecodeLimitError, isHeif } from "./heic";
import { HEIF_DECODE_RULE } from "./heif-decoder-process";
import { exceedsPixelLimit, isPixelLimitError, keepHead, readSizeWithDecoder, readStreamedHeader, type ImageHeader } from "./image-probe";
import type { PixelSize } from "./pixel-size";
import { type BlobHold, dropHolds, holdBlob, releaseBlobs } from "./pending-blobs";
import { isImageDecodeError, makeThumbnail } from "./thumbnail";
import { formatMegabytes, mimeList } from "./media-labels";
import { mediaSlots } from "@/lib/media/media-slots";
import { blobStore } from "@/lib/storage";
import { type BlobInfo, isBlobTooLargeError } from "@/lib/storage/blob-store";
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
  /** A layer decomposition's base image or layer, and a layer's box on the base (spec 2.4). */
  role?: "base" | "layer";
  layout?: { x: number; y: number; width: number; height: number };
  signal?: AbortSignal;
  /**
   * "before-row" (uploads): the file must decode before its row exists, and that decode makes the
   * thumbnail. "after-row" (results of the configured image service): its header is checked before
   * the row, and the thumbnail, whose decode is then the proof, is made afterwards in the background.
   */
  decode: "before-row" | "after-row";
  /**
   * Uploads: the row is created only if it fits the owner's and the team's storage quotas
   * (lib/storage-quota). Generated images are not checked here: their job was, when it started.
   */
  withinQuota?: true;
};

/** `converted`: the blob the row records instead of the upload, and the type the upload had. */
type CheckedImage = { mime: string; size: PixelSize; thumbnailKey: string | null; converted?: { blob: BlobInfo; from: string } };

/**
 * Streams an image into the blob store (which fsyncs it before answering), then checks it before an
 * Asset row exists: its real format by magic bytes and its pixel size from the header against
 * IMAGE_PIXEL_LIMIT (before anything decodes it), both read from the head kept while streaming; for
 * `decode: "before-row"`, also that it decodes, which yields its WebP thumbnail. Only then is the row
 * created: an Asset always has its bytes, and bytes never stay without an Asset. Whatever ends the
 * attempt after the write (a refusal, an abort, a database error) removes the blobs it wrote unless
 * a row uses them. With "after-row", the thumbnail follows the row: its making on the thumbnail
 * queue (lib/jobs/work-queues) is sent in the row's transaction, so no crash loses it.
 * An HEIC/HEIF is stored converted (heic.ts); `convertedFrom` then names the type it had.
 */
export async function storeImage(input: StoreImageInput) {
  const streamed = keepHead(input.source);
  const stored = await putWithinLimit({ ...input, source: streamed.source });
  const holds = [await holdBlob(stored.key)];
  let asset;
  let image: CheckedImage | undefined;
  try {
    const header = await readStreamedHeader(streamed.head(), stored.key);
    const check = () =>
      checkImage(stored.key, header, input, async (key) => {
        holds.push(await holdBlob(key));
      });
    // Someone's upload ("before-row") can be sent again: past a full line it is refused; a result
    // the studio fetched itself waits its turn.
    image = await mediaSlots().run(input.ownerId, check, { signal: input.signal, whenBusy: input.decode === "before-row" ? "refuse-when-full" : "wait" });
    input.signal?.throwIfAborted();
    const blob = image.converted?.blob ?? stored;
    asset = await createRow(input, {
      kind: input.kind,
      storageKey: blob.key,
      sha256: blob.sha256,
      bytes: BigInt(blob.bytes),
      mime: image.mime,
      width: image.size.width,
      height: image.size.height,
      thumbnailKey: image.thumbnailKey,
      sourceUrl: input.sourceUrl,
      ownerId: input.ownerId,
      teamId: input.teamId,
      generationId: input.generationId,
      turnId: input.turnId,
      position: input.position ?? 0,
      role: input.role,
      layout: input.layout,
    }, holds);
    return { ...asset, convertedFrom: image.converted?.from ?? null };
  } finally {
    // A converted upload's original is not kept (see convertUpload); its conversion and thumbnail are.
    const original = asset !== undefined && image?.converted ? holds.filter((hold) => hold.key === stored.key) : [];
    await releaseBlobs(holds.filter((hold) => !original.includes(hold)), asset !== undefined);
    await releaseBlobs(original, false);
  }
}

/**
 * The row, with the holds on its blobs ended in its transaction (the row keeps them from then on)
 * and, when it has no thumbnail yet, the thumbnail's making sent in it.
 */
function createRow(input: StoreImageInput, fields: Prisma.AssetUncheckedCreateInput, holds: readonly BlobHold[]): Promise<Asset> {
  const data = { ...fields, id: randomUUID() };
  const alsoInTransaction = async (tx: Prisma.TransactionClient) => {
    await dropHolds(tx, holds);
    if (!data.thumbnailKey && input.decode === "after-row") await sendThumbnailRun(tx, data.id);
  };
  if (input.withinQuota) return createAssetWithinQuota(data, alsoInTransaction);
  return db.$transaction(async (tx) => {
    const asset = await tx.asset.create({ data });
    await alsoInTransaction(tx);
    return asset;
  });
}

async function putWithinLimit(input: StoreImageInput) {
  try {
    return await blobStore().put(input.source, { maxBytes: input.maxBytes, signal: input.signal });
  } catch (error) {
    if (isBlobTooLargeError(error)) throw fileTooLarge(input.maxBytes);
    throw error;
  }
}

async function checkImage(key: string, header: ImageHeader | undefined, input: StoreImageInput, onBlob: (key: string) => Promise<void>): Promise<CheckedImage> {
  if (!header || !input.allowedMimes.includes(header.mime)) throw wrongType(input.allowedMimes, header?.mime);
  if (header.size && exceedsPixelLimit(header.size)) throw tooManyPixels(header.size);

  if (isHeif(header.mime)) {
    // The header's size, checked above, is the only bound on what the conversion decodes.
    if (!header.size) throw unreadable(input.allowedMimes);
    return convertUpload(key, header.mime, input, onBlob);
  }

  if (!isFullyDecodable(header.mime)) {
    // BMP cannot be decoded here (sharp's prebuilt libvips reads no BMP), yet the beta upstream
    // takes it (spec 8). So a readable header within the pixel limit is the bar, and it gets no
    // thumbnail (unless sharp can make one after all).
    if (!header.size) throw unreadable(input.allowedMimes);
    const thumbnailKey = await makeThumbnail(key, input.signal).catch((error: unknown) => {
      if (isImageDecodeError(error)) return null;
      throw error;
    });
    if (thumbnailKey) await onBlob(thumbnailKey);
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
    throw isImageDecodeError(error) ? decodeRefusal(error.cause, input.allowedMimes) : error;
  }
  await onBlob(thumbnailKey);
  return { mime: header.mime, size, thumbnailKey };
}

/**
 * An HEIC/HEIF upload, stored as JPEG (PNG when it has transparency) with its thumbnail: browsers
 * other than Safari cannot show HEIC, sharp cannot thumbnail HEVC, and every consumer of the asset
 * (pages, the chat editor, the image services) reads JPEG and PNG. The original is not kept: the
 * asset has one file, the conversion is visually lossless (JPEG quality 92; colour: see heic.ts),
 * and dropping it also drops the photo's metadata (an iPhone's EXIF says where it was taken) before
 * teammates can download it.
 */
async function convertUpload(key: string, mime: string, input: StoreImageInput, onBlob: (key: string) => Promise<void>): Promise<CheckedImage> {
  let converted;
  try {
    converted = await convertHeif(await buffer(await blobStore().get(key)));
  } catch (error) {
    throw isImageDecodeError(error) ? decodeRefusal(error.cause, input.allowedMimes) : error;
  }
  input.signal?.throwIfAborted();
  const blob = await blobStore().put(Readable.from([converted.bytes]), { signal: input.signal });
  await onBlob(blob.key);
  const thumbnailKey = await makeThumbnail(blob.key, input.signal);
  await onBlob(thumbnailKey);
  return { mime: converted.mime, size: { width: converted.width, height: converted.height }, thumbnailKey, converted: { blob, from: mime } };
}

function decodeRefusal(cause: unknown, allowedMimes: readonly string[]): AppError {
  if (isDecodeLimitError(cause)) return tooDemanding();
  return isPixelLimitError(cause) ? tooManyPixels() : unreadable(allowedMimes);
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

/** The decoder ran past its limits on a file whose header was within the pixel limit: it says less than it holds. */
function tooDemanding(): AppError {
  return new AppError("payload_too_large", `The image takes more than the studio allows to decode; images must ${HEIF_DECODE_RULE}`, [
    { field: "file", message: `must ${HEIF_DECODE_RULE} (save it as JPEG or PNG, or smaller)` },
  ]);
}

function tooManyPixels(size?: PixelSize): AppError {
  const found = size ? `${size.width}×${size.height} pixels` : `more than ${IMAGE_PIXEL_LIMIT.maxPixels.toLocaleString("en-US")} pixels`;
  return new AppError("payload_too_large", `The image is ${found}; images may have ${pixelRule}`, [{ field: "file", message: `must have ${pixelRule}` }]);
}
