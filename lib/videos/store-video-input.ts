import "server-only";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { fileTypeFromFile } from "file-type/node";
import sharp from "sharp";
import { decodeHeif, isDecodeLimitError, isHeif } from "@/lib/assets/heic";
import { HEIF_DECODE_RULE } from "@/lib/assets/heif-decoder-process";
import { readImageHeader, readSizeWithDecoder } from "@/lib/assets/image-probe";
import type { PixelSize } from "@/lib/assets/pixel-size";
import { dropHolds, holdBlob, releaseBlobs } from "@/lib/assets/pending-blobs";
import { storePosterFrame } from "@/lib/assets/store-video";
import { assertUploadFits, conversionOf, uploadBody, uploadOwner } from "@/lib/assets/store-upload";
import { isImageDecodeError, makeThumbnail } from "@/lib/assets/thumbnail";
import { uploadPurposes } from "@/lib/assets/upload-limits";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { probeMedia } from "@/lib/media/ffmpeg";
import { mediaSlots } from "@/lib/media/media-slots";
import { readWavHeader, WAV_HEADER_BYTES } from "@/lib/media/wav-header";
import type { MediaProbe } from "@/lib/media/probe-output";
import { isMediaToolError } from "@/lib/media/run-tool";
import { createAssetWithinQuota } from "@/lib/storage-quota/enforce-quota";
import { blobStore } from "@/lib/storage";
import { type BlobInfo, isBlobTooLargeError, withLocalFile } from "@/lib/storage/blob-store";
import { VIDEO_INPUT_LIMITS, type VideoInputType } from "@/lib/upstream/video/limits";
import { emptyFileProblem, isOverByteLimit, videoInputProblems, videoInputTypeOfMime, type VideoInputMeta } from "./input-rules";

type StoreVideoInputInput = {
  source: Readable;
  /** The file's name as the designer chose it, for the messages; "file" when the browser sent none. */
  name: string;
  signal: AbortSignal;
};

/** What the checks found: the type the row records and, for an HEIC/HEIF, the PNG stored in its place. */
type CheckedInput = {
  mime: string;
  size: PixelSize | null;
  durationMs: number | null;
  thumbnailKey: string | null;
  converted?: { blob: BlobInfo; from: string };
};

type Written = { add(key: string): Promise<void> };

/**
 * An input of a video job (spec 4.4.1): streamed into the blob store (never whole in memory), then
 * judged by its real bytes, never by its name or declared type: its format by magic bytes, its byte
 * limit by type, its pixel size (header, else sharp), and a clip's or a sound's length, frame rate
 * and size by ffprobe; then it must decode (an image's thumbnail, a clip's poster frame). Each broken
 * rule is named with the file and the value (lib/videos/input-rules, the browser's own check). An
 * HEIC/HEIF is stored as PNG (spec 4.4.1), its original not kept; `conversion` then says so.
 * Like storeImage: the row exists only once its bytes do, and a refused file leaves no blob behind.
 * `fileName` is the browser's name for the file (the raw body has none of its own).
 */
export async function storeVideoInput(user: CurrentUser, request: Request, fileName = "file") {
  const owner = uploadOwner(user);
  const input: StoreVideoInputInput = {
    source: uploadBody(request, uploadPurposes.video.maxBytes, () => videoUploadTooLarge(fileName)),
    name: fileName,
    signal: request.signal,
  };
  await assertUploadFits(owner, request);
  const stored = await putWithinLimit(input);
  const holds = [await holdBlob(stored.key)];
  const track: Written = {
    async add(key) {
      holds.push(await holdBlob(key));
    },
  };
  let asset;
  let checked: CheckedInput | undefined;
  try {
    checked = await mediaSlots().run(user.id, () => checkInput(stored, input, track), { signal: input.signal, whenBusy: "refuse-when-full" });
    input.signal.throwIfAborted();
    const blob = checked.converted?.blob ?? stored;
    asset = await createAssetWithinQuota({
      kind: "input",
      storageKey: blob.key,
      sha256: blob.sha256,
      bytes: BigInt(blob.bytes),
      mime: checked.mime,
      width: checked.size?.width ?? null,
      height: checked.size?.height ?? null,
      durationMs: checked.durationMs,
      thumbnailKey: checked.thumbnailKey,
      ...owner,
    }, (tx) => dropHolds(tx, holds));
    return { asset, conversion: conversionOf(checked.converted?.from ?? null, asset.mime) };
  } finally {
    const original = asset !== undefined && checked?.converted ? holds.filter((hold) => hold.key === stored.key) : [];
    await releaseBlobs(holds.filter((hold) => !original.includes(hold)), asset !== undefined);
    await releaseBlobs(original, false);
  }
}

async function putWithinLimit(input: StoreVideoInputInput): Promise<BlobInfo> {
  try {
    return await blobStore().put(input.source, { maxBytes: uploadPurposes.video.maxBytes, signal: input.signal });
  } catch (error) {
    if (isBlobTooLargeError(error)) throw videoUploadTooLarge(input.name);
    throw error;
  }
}

async function checkInput(stored: BlobInfo, input: StoreVideoInputInput, written: Written): Promise<CheckedInput> {
  if (stored.bytes === 0) throw new AppError("validation_failed", emptyFileProblem(input.name), problemFields([emptyFileProblem(input.name)]));
  const detected = (await withLocalFile(blobStore(), stored.key, (file) => fileTypeFromFile(file)))?.mime;
  const type = detected ? videoInputTypeOfMime(detected) : null;
  if (!detected || !type) throw wrongType(input.name, detected);
  if (isOverByteLimit(type, stored.bytes)) {
    const problems = videoInputProblems(type, { name: input.name, bytes: stored.bytes });
    throw new AppError("payload_too_large", problems.join("; "), problemFields(problems));
  }
  if (type === "image") return checkImage(stored, detected, input, written);
  return checkTimed(type, stored, detected, input, written);
}

async function checkImage(stored: BlobInfo, mime: string, input: StoreVideoInputInput, written: Written): Promise<CheckedInput> {
  const header = await readImageHeader(stored.key);
  let size = header?.size;
  if (!size && !isHeif(mime)) size = await readSizeWithDecoder(stored.key).catch(() => undefined);
  if (!size) throw unreadable(input.name, "image");
  // The side rule (at most 5760 px) also bounds what the decode below holds in memory.
  refuseBroken("image", { name: input.name, bytes: stored.bytes, ...size });

  if (isHeif(mime)) {
    const png = await heifAsPng(stored.key, input.name);
    input.signal.throwIfAborted();
    const blob = await blobStore().put(Readable.from([png.bytes]), { signal: input.signal });
    await written.add(blob.key);
    const thumbnailKey = await makeThumbnail(blob.key, input.signal);
    await written.add(thumbnailKey);
    return { mime: "image/png", size: png.size, durationMs: null, thumbnailKey, converted: { blob, from: mime } };
  }

  let thumbnailKey: string;
  try {
    // Decoding the whole image is the proof it is one.
    thumbnailKey = await makeThumbnail(stored.key, input.signal);
  } catch (error) {
    throw isImageDecodeError(error) ? unreadable(input.name, "image") : error;
  }
  await written.add(thumbnailKey);
  return { mime, size, durationMs: null, thumbnailKey };
}

/** Spec 4.4.1: HEIC/HEIF inputs become PNG (lossless; the agent's image decoders all read it). */
async function heifAsPng(key: string, name: string): Promise<{ bytes: Buffer; size: PixelSize }> {
  try {
    const image = await decodeHeif(await buffer(await blobStore().get(key)));
    const bytes = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).png().toBuffer();
    return { bytes, size: { width: image.width, height: image.height } };
  } catch (error) {
    if (isImageDecodeError(error) && isDecodeLimitError(error.cause)) throw tooDemanding(name);
    throw isImageDecodeError(error) ? unreadable(name, "image") : error;
  }
}

async function checkTimed(type: "video" | "audio", stored: BlobInfo, mime: string, input: StoreVideoInputInput, written: Written): Promise<CheckedInput> {
  if (WAV_MIMES.has(mime)) await refuseLyingWav(stored, input.name);
  return withLocalFile(blobStore(), stored.key, async (file) => {
    const probe = await readable(type, input.name, () => probeMedia(file, { signal: input.signal }));
    const picture = type === "video" ? probe.video : null;
    if (type === "video" ? !picture : !probe.audio) throw unreadable(input.name, type);
    const meta = { name: input.name, bytes: stored.bytes, durationSeconds: probe.durationSeconds, width: picture?.width, height: picture?.height, fps: picture?.fps };
    refuseBroken(type, meta, unknownTiming(type, input.name, probe));
    const durationMs = Math.round((probe.durationSeconds ?? 0) * 1000);
    if (!picture) return { mime, size: null, durationMs, thumbnailKey: null };

    const thumbnailKey = await readable(type, input.name, () => storePosterFrame(file, probe.durationSeconds, input.signal));
    await written.add(thumbnailKey);
    return { mime, size: { width: picture.width, height: picture.height }, durationMs, thumbnailKey };
  });
}

const WAV_MIMES: ReadonlySet<string> = new Set(["audio/wav", "audio/x-wav", "audio/wave"]);

/**
 * A WAV whose header claims more sound than its bytes hold is refused, not stored. ffprobe (and so
 * the length rule) goes by the bytes, but the file goes to the video agent as it is, and a reader
 * there that trusts the header would take a 3 s file for 10 hours. Rewriting the header instead would
 * hand the designer a file other than theirs, made by running ffmpeg over one already known to lie;
 * refusing names the problem, and saving the sound again from any editor fixes it.
 */
async function refuseLyingWav(stored: BlobInfo, name: string) {
  const head = await buffer(await blobStore().get(stored.key, { start: 0, end: WAV_HEADER_BYTES - 1 }));
  const header = readWavHeader(new Uint8Array(head), stored.bytes);
  if (!header) throw unreadable(name, "audio");
  if (header.declaredDataBytes <= header.presentDataBytes) return;
  const claimed = shownSeconds(header.declaredDataBytes / header.byteRate);
  const held = shownSeconds(header.presentDataBytes / header.byteRate);
  throw new AppError("unsupported_media_type", `${name} is a damaged audio file: its header does not match its sound`, [
    { field: "file", message: `${name}: its header must match its sound (it claims ${claimed} s, the file holds ${held} s; save it again)` },
  ]);
}

function shownSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

/** The server must know what the browser may not: a clip's or a sound's length, a clip's frame rate. */
function unknownTiming(type: "video" | "audio", name: string, probe: MediaProbe): string[] {
  const { seconds } = VIDEO_INPUT_LIMITS[type];
  const { fps } = VIDEO_INPUT_LIMITS.video;
  const unknown: string[] = [];
  if (probe.durationSeconds === null) unknown.push(`${name}: its length could not be read (it must be ${seconds.min} to ${seconds.max} seconds)`);
  if (type === "video" && !probe.video?.fps) unknown.push(`${name}: its frame rate could not be read (it must be ${fps.min} to ${fps.max} fps)`);
  return unknown;
}

/** A file ffmpeg refuses or that makes it spin is not a usable file; a studio without ffmpeg is the studio's fault. */
async function readable<T>(type: "video" | "audio", name: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMediaToolError(error) && error.failure !== "not_started") throw unreadable(name, type);
    throw error;
  }
}

function refuseBroken(type: VideoInputType, meta: VideoInputMeta, more: string[] = []) {
  const problems = [...videoInputProblems(type, meta), ...more];
  if (problems.length) throw new AppError("validation_failed", problems.join("; "), problemFields(problems));
}

function problemFields(problems: string[]) {
  return problems.map((message) => ({ field: "file", message }));
}

const NOUNS: Record<VideoInputType, string> = { image: "image", video: "video", audio: "audio file" };
const READABLE: Record<VideoInputType, string> = { image: "opens", video: "plays", audio: "plays" };

/** "JPG, JPEG, PNG, WEBP, HEIC or HEIF" for a type's extensions (spec 4.4.1 table). */
function extensionList(type: VideoInputType): string {
  const names = VIDEO_INPUT_LIMITS[type].extensions.map((extension) => extension.toUpperCase());
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

const ACCEPTED = `an image (${extensionList("image")}), a video (${extensionList("video")}) or an audio file (${extensionList("audio")})`;

function wrongType(name: string, detected: string | undefined): AppError {
  return new AppError("unsupported_media_type", `${name} is not a file video jobs take`, [
    { field: "file", message: `${name}: must be ${ACCEPTED} (its bytes are ${detected ?? "of an unknown format"})` },
  ]);
}

function unreadable(name: string, type: VideoInputType): AppError {
  return new AppError("unsupported_media_type", `${name} is not a readable ${NOUNS[type]}`, [
    { field: "file", message: `${name}: must be a complete ${extensionList(type)} ${NOUNS[type]} that ${READABLE[type]} (it is damaged, cut off or empty)` },
  ]);
}

/** The HEIF decoder ran past its limits on a file whose header was within the rules: it holds more than it says. */
function tooDemanding(name: string): AppError {
  return new AppError("payload_too_large", `${name} takes more than the studio allows to decode`, [
    { field: "file", message: `${name}: must ${HEIF_DECODE_RULE} (save it as JPEG or PNG)` },
  ]);
}

/** Over the largest input type's limit (a video's 50 MiB), declared or streamed. */
function videoUploadTooLarge(name: string): AppError {
  const limit = uploadPurposes.video.maxBytes / (1024 * 1024);
  return new AppError("payload_too_large", `${name} is larger than ${limit} MiB`, [
    { field: "file", message: `${name}: must be at most ${limit} MiB (a video; an image at most ${VIDEO_INPUT_LIMITS.image.maxBytes / (1024 * 1024)} MiB, an audio file ${VIDEO_INPUT_LIMITS.audio.maxBytes / (1024 * 1024)} MiB)` },
  ]);
}
