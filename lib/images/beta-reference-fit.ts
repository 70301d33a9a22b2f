import "server-only";
import { buffer } from "node:stream/consumers";
import sharp, { type Sharp } from "sharp";
import { decodeHeif, isHeif } from "@/lib/assets/heic";
import { formatMegabytes, mimeLabel } from "@/lib/assets/media-labels";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { blobStore } from "@/lib/storage";
import { BETA_INPUT_LIMITS } from "@/lib/upstream/beta/limits";
import { loadReferenceAssets, storedReferenceAssets } from "./reference-images";

/** One reference as the fitting sees it: its bytes are read only when it is sent or re-encoded. */
export type ReferenceFile = { mime: string; width: number; height: number; bytes: number; read: () => Promise<Buffer> };

export type FittedReferences = {
  /** `data:image/<lowercase format>;base64,...` (spec 4.3), in the order chosen. */
  images: string[];
  /** What the studio changed, one sentence per changed image, for the designer. */
  adjustments: string[];
};

// The POST body also carries the prompt (600 characters, at most 3,600 bytes once JSON-escaped) and
// a dozen short fields; 32 KB leaves room for them many times over (spec 8: the body ≤ 20 MB).
const JSON_RESERVE_BYTES = 32_768;

// The studio reads a reference whole to send or re-encode it. Its uploads stop at 30 MB and its
// results are PNGs of at most 16.8 MP; this bounds anything else a row could name.
const READ_MAX_BYTES = 200_000_000;

// How a reference is made smaller when the set is over the body limit: JPEG (WebP when it has
// transparency, which JPEG cannot carry) at falling quality, then at 3/4 of the size per step,
// never below 14 px on the shorter side and always keeping the aspect ratio.
const QUALITY_STEPS = [85, 75, 65, 55];
const SCALE_STEP = 0.75;
const SCALED_QUALITY = 75;

/**
 * The reference images of a beta request (spec 4.3, 8), fitted to the endpoint's rules: the user's
 * own or team's assets, checked again from storage (loadReferenceAssets), then `fitReferenceFiles`.
 */
export async function fitBetaReferences(user: CurrentUser, images: readonly { assetId: string }[]): Promise<FittedReferences> {
  const assets = await loadReferenceAssets(
    user,
    images.map((image) => image.assetId),
    { field: "images", mimes: BETA_INPUT_LIMITS.mimeTypes, maxBytes: READ_MAX_BYTES },
  );
  return fitReferenceFiles(assets.map(referenceFile));
}

/**
 * The same fitting, for the worker that runs a job, of the references it started with (checked then;
 * lib/images/reference-images `storedReferenceAssets`): the same images give the same request.
 */
export async function fitStoredBetaReferences(images: readonly { assetId: string }[]): Promise<FittedReferences> {
  const assets = await storedReferenceAssets(images.map((image) => image.assetId));
  return fitReferenceFiles(assets.map(referenceFile));
}

function referenceFile(asset: { mime: string; width: number | null; height: number | null; bytes: bigint | number; storageKey: string }): ReferenceFile {
  return {
    mime: asset.mime,
    width: asset.width ?? 0,
    height: asset.height ?? 0,
    bytes: Number(asset.bytes),
    read: async () => buffer(await blobStore().get(asset.storageKey)),
  };
}

type Reason = "format" | "pixels" | "bytes" | "body";

type Working = {
  index: number;
  file: ReferenceFile;
  /** Null while the original is sent as it is. */
  encoded: { bytes: Buffer; mime: string; width: number; height: number } | null;
  reasons: Set<Reason>;
  /** The next of this image's reduction steps (qualitySteps, then scale steps). */
  step: number;
  decoded?: Promise<Decoded>;
};

type Decoded = { input: () => Sharp; opaque: boolean };

/**
 * Makes a set of references fit the beta endpoint (spec 8), changing as little as it can:
 * - an image whose size cannot be fixed without changing what it shows (smaller than 14×14, or an
 *   aspect ratio outside 1:16–16:1) is refused, naming `images.<n>` and the rule;
 * - a format the endpoint does not take is converted, an image over 36 million pixels is scaled
 *   down to fit, one over 30 MB is re-encoded;
 * - while the whole body would pass 20 MB (Base64 adds a third), the largest image is re-encoded
 *   one step smaller (QUALITY_STEPS, then SCALE_STEP), until the set fits or nothing can shrink.
 */
export async function fitReferenceFiles(files: readonly ReferenceFile[], options: { maxBodyBytes?: number } = {}): Promise<FittedReferences> {
  const maxBodyBytes = options.maxBodyBytes ?? BETA_INPUT_LIMITS.maxBodyBytes;
  files.forEach(checkFixable);
  const working: Working[] = files.map((file, index) => ({ index, file, encoded: null, reasons: new Set(), step: 0 }));

  for (const image of working) {
    const reasons = requiredChanges(image.file);
    if (reasons.length === 0) continue;
    reasons.forEach((reason) => image.reasons.add(reason));
    await encodeRequired(image);
  }

  const budget = maxBodyBytes - JSON_RESERVE_BYTES;
  while (bodyBytes(working) > budget) {
    const largest = working.filter((image) => canShrink(image)).sort((a, b) => currentBytes(b) - currentBytes(a))[0];
    if (!largest) throw setTooLarge(working, maxBodyBytes);
    await shrink(largest, "body");
  }

  const images = await Promise.all(working.map(async (image) => dataUrl(image.encoded?.mime ?? image.file.mime, image.encoded?.bytes ?? (await image.file.read()))));
  const adjustments = working.flatMap((image) => (image.encoded ? [describe(image, image.encoded)] : []));
  return { images, adjustments };
}

function checkFixable(file: ReferenceFile, index: number) {
  const field = `images.${index}`;
  const { width, height } = file;
  const { minSide } = BETA_INPUT_LIMITS;
  if (Math.min(width, height) < minSide) {
    refuse(field, `must be at least ${minSide}×${minSide} pixels; this one is ${width}×${height} (spec 8)`);
  }
  const ratio = Math.max(width / height, height / width);
  if (ratio > 16) {
    refuse(field, `must have an aspect ratio between 1:16 and 16:1; this one is ${width}×${height}, about 1:${Math.round(ratio)} (spec 8). Crop it, then attach it again`);
  }
}

function refuse(field: string, message: string): never {
  throw new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);
}

function requiredChanges(file: ReferenceFile): Reason[] {
  const reasons: Reason[] = [];
  if (!(BETA_INPUT_LIMITS.mimeTypes as readonly string[]).includes(file.mime)) reasons.push("format");
  if (file.width * file.height > BETA_INPUT_LIMITS.maxPixels) reasons.push("pixels");
  if (file.bytes > BETA_INPUT_LIMITS.maxImageBytes) reasons.push("bytes");
  return reasons;
}

/** The pixel size within 36 million pixels, keeping the ratio (never below 14 px: checkFixable). */
function withinPixelLimit(width: number, height: number) {
  const pixels = width * height;
  if (pixels <= BETA_INPUT_LIMITS.maxPixels) return { width, height };
  const scale = Math.sqrt(BETA_INPUT_LIMITS.maxPixels / pixels);
  return { width: Math.floor(width * scale), height: Math.floor(height * scale) };
}

/** The first re-encoding an image needs: lossless PNG for transparency, else a high-quality JPEG. */
async function encodeRequired(image: Working) {
  const decoded = await decodedOf(image);
  const size = withinPixelLimit(image.file.width, image.file.height);
  image.encoded = await encode(decoded, size, decoded.opaque ? { format: "jpeg", quality: 92 } : { format: "png" });
  while (image.encoded.bytes.length > BETA_INPUT_LIMITS.maxImageBytes && canShrink(image)) await shrink(image, "bytes");
  if (image.encoded.bytes.length > BETA_INPUT_LIMITS.maxImageBytes) {
    refuse(`images.${image.index}`, `must be at most ${formatMegabytes(BETA_INPUT_LIMITS.maxImageBytes)} and could not be made smaller (spec 8)`);
  }
}

function canShrink(image: Working): boolean {
  if (image.step < QUALITY_STEPS.length) return true;
  const next = scaledSize(image, image.step + 1 - QUALITY_STEPS.length);
  return Math.min(next.width, next.height) >= BETA_INPUT_LIMITS.minSide;
}

function scaledSize(image: Working, scaleSteps: number) {
  const base = withinPixelLimit(image.file.width, image.file.height);
  const scale = SCALE_STEP ** scaleSteps;
  return { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
}

/** One step smaller, for `reason`; a step that comes out no smaller than what is there is passed over. */
async function shrink(image: Working, reason: Reason) {
  const decoded = await decodedOf(image);
  const step = image.step;
  image.step += 1;
  const scaleSteps = Math.max(0, step + 1 - QUALITY_STEPS.length);
  const quality = step < QUALITY_STEPS.length ? QUALITY_STEPS[step] : SCALED_QUALITY;
  const candidate = await encode(decoded, scaledSize(image, scaleSteps), { format: decoded.opaque ? "jpeg" : "webp", quality });
  if (candidate.bytes.length < currentBytes(image)) {
    image.encoded = candidate;
    image.reasons.add(reason);
  }
}

async function encode(decoded: Decoded, size: { width: number; height: number }, options: { format: "jpeg" | "webp" | "png"; quality?: number }) {
  let pipeline = decoded.input().resize(size.width, size.height, { fit: "fill" });
  if (options.format === "jpeg") pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: options.quality });
  else if (options.format === "webp") pipeline = pipeline.webp({ quality: options.quality, alphaQuality: 100 });
  else pipeline = pipeline.png();
  const bytes = await pipeline.toBuffer();
  return { bytes, mime: `image/${options.format}`, width: size.width, height: size.height };
}

/** The original's pixels, decoded once per image however many steps it takes. */
function decodedOf(image: Working): Promise<Decoded> {
  image.decoded ??= decode(image);
  return image.decoded;
}

async function decode(image: Working): Promise<Decoded> {
  const file = await image.file.read();
  let input: () => Sharp;
  if (isHeif(image.file.mime)) {
    const raw = await decodeHeif(file);
    input = () => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  } else if (image.file.mime === "image/bmp") {
    // sharp's prebuilt libvips reads no BMP: one can be sent as it is, but not made smaller.
    refuse(`images.${image.index}`, "is a BMP, which the studio cannot re-encode, and the set needs it smaller to fit: attach it as PNG or JPEG");
  } else {
    input = () => sharp(file, { failOn: "error" }).rotate();
  }
  const { isOpaque } = await input().stats();
  return { input, opaque: isOpaque };
}

function currentBytes(image: Working): number {
  return image.encoded?.bytes.length ?? image.file.bytes;
}

function dataUrlPrefix(mime: string): string {
  return `data:image/${mime.slice("image/".length).toLowerCase()};base64,`;
}

/** Its length in the JSON body: the prefix, Base64 (4 bytes for every 3), quotes and a comma. */
function dataUrlBytes(mime: string, bytes: number): number {
  return dataUrlPrefix(mime).length + 4 * Math.ceil(bytes / 3) + 3;
}

function bodyBytes(working: Working[]): number {
  return working.reduce((sum, image) => sum + dataUrlBytes(image.encoded?.mime ?? image.file.mime, currentBytes(image)), 0);
}

function dataUrl(mime: string, bytes: Buffer): string {
  return `${dataUrlPrefix(mime)}${bytes.toString("base64")}`;
}

function setTooLarge(working: Working[], maxBodyBytes: number): AppError {
  const total = formatMegabytes(bodyBytes(working) + JSON_RESERVE_BYTES);
  const message = `together must fit in a ${formatMegabytes(maxBodyBytes)} request; even made as small as the rules allow they need ${total} (spec 8). Attach fewer images`;
  return new AppError("validation_failed", `images: ${message}`, [{ field: "images", message }]);
}

const reasonWords: Record<Reason, string> = {
  format: "the image service can read it",
  pixels: `it stays within the ${(BETA_INPUT_LIMITS.maxPixels / 1_000_000).toFixed(0)} million pixels the image service accepts`,
  bytes: `it stays within the ${formatMegabytes(BETA_INPUT_LIMITS.maxImageBytes)} the image service accepts per image`,
  body: `the request stays under ${formatMegabytes(BETA_INPUT_LIMITS.maxBodyBytes)}`,
};

/** "Reference 3 (HEIC, 24.1 MB) was re-encoded as JPEG at 6.2 MB so the request stays under 20 MB". */
function describe(image: Working, encoded: NonNullable<Working["encoded"]>): string {
  const { file } = image;
  const resized = encoded.width !== file.width || encoded.height !== file.height;
  const what = `${resized ? `scaled from ${file.width}×${file.height} to ${encoded.width}×${encoded.height} and ` : ""}re-encoded as ${mimeLabel(encoded.mime)} at ${formatMegabytes(encoded.bytes.length)}`;
  const why = [...image.reasons].map((reason) => reasonWords[reason]).join(" and ");
  return `Reference ${image.index + 1} (${mimeLabel(file.mime)}, ${formatMegabytes(file.bytes)}) was ${what} so ${why}`;
}
