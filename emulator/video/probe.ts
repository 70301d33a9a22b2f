import { createFile, MP4BoxBuffer, type Movie } from "mp4box";
import sharp, { type Metadata } from "sharp";
import { mp3DurationSeconds, wavDurationSeconds } from "./audio-duration";
import type { ConditionType } from "./conditions";
import { MediaError } from "./media-error";

const MiB = 1024 * 1024;

// Spec 4.4.1 file limits.
export const MAX_BYTES: Record<ConditionType, number> = { image: 30 * MiB, video: 50 * MiB, audio: 15 * MiB };
const MIN_SIDE = 256;
const MAX_SIDE = 5760;
const MIN_IMAGE_RATIO = 0.4;
const MAX_IMAGE_RATIO = 2.5;
const MIN_MEDIA_SECONDS = 2;
const MAX_MEDIA_SECONDS = 15;
const MIN_FPS = 23;
const MAX_FPS = 60;

export interface ProbedMedia {
  type: ConditionType;
  /** File extension the probe recognised (png, mp4, wav, ...). */
  format: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  fps?: number;
  /** The bytes to keep instead of the download, when the input is converted (HEIC/HEIF → PNG). */
  converted?: Buffer;
}

const invalid = (message: string) => new MediaError("media_invalid", message);

function checkSides(width: number, height: number): void {
  for (const side of [width, height]) {
    if (side < MIN_SIDE || side > MAX_SIDE) throw invalid(`side of ${side} px is outside ${MIN_SIDE} to ${MAX_SIDE} px`);
  }
}

function checkDuration(seconds: number): void {
  if (seconds < MIN_MEDIA_SECONDS || seconds > MAX_MEDIA_SECONDS) {
    throw invalid(`duration ${seconds.toFixed(2)} s is outside ${MIN_MEDIA_SECONDS} to ${MAX_MEDIA_SECONDS} s`);
  }
}

// Spec 4.4.1: HEIC/HEIF inputs are converted to PNG. sharp's prebuilt libheif decodes AV1-coded
// HEIF (AVIF) only; an HEVC-coded HEIC cannot be decoded here and fails as media_invalid.
async function heifToPng(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes).png().toBuffer();
  } catch {
    throw invalid("HEIC/HEIF image could not be decoded (the emulator decodes AV1-coded HEIF only)");
  }
}

async function probeImage(bytes: Buffer): Promise<ProbedMedia> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw invalid("not a decodable image");
  }
  if (metadata.format === "heif") {
    const png = await heifToPng(bytes);
    return { ...(await probeImage(png)), converted: png };
  }
  const format = metadata.format;
  if (format !== "jpeg" && format !== "png" && format !== "webp") throw invalid(`image format ${format ?? "unknown"} is not accepted`);
  const { width, height } = metadata;
  if (!width || !height) throw invalid("image has no size");
  checkSides(width, height);
  const ratio = width / height;
  if (ratio < MIN_IMAGE_RATIO || ratio > MAX_IMAGE_RATIO) throw invalid(`width/height ratio ${ratio.toFixed(2)} is outside ${MIN_IMAGE_RATIO} to ${MAX_IMAGE_RATIO}`);
  return { type: "image", format, width, height };
}

function parseMovie(bytes: Buffer): Movie | undefined {
  const file = createFile();
  let movie: Movie | undefined;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    movie = undefined;
  };
  const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 0);
  try {
    file.appendBuffer(buffer);
    file.flush();
  } catch {
    return undefined;
  }
  return movie;
}

/** Duration, frame rate and size of an MP4/MOV (read with mp4box). */
export function probeMp4(bytes: Buffer): { durationSeconds: number; fps: number; width: number; height: number; brands: string[] } | undefined {
  const movie = parseMovie(bytes);
  const track = movie?.videoTracks[0];
  if (!movie || !track || !track.timescale || !track.duration) return undefined;
  const durationSeconds = track.duration / track.timescale;
  return {
    durationSeconds,
    fps: track.nb_samples / durationSeconds,
    width: track.video?.width ?? track.track_width,
    height: track.video?.height ?? track.track_height,
    brands: movie.brands,
  };
}

function probeVideo(bytes: Buffer): ProbedMedia {
  const info = probeMp4(bytes);
  if (!info) throw invalid("not a readable MP4/MOV with a video track");
  checkDuration(info.durationSeconds);
  if (info.fps < MIN_FPS || info.fps > MAX_FPS) throw invalid(`frame rate ${info.fps.toFixed(2)} fps is outside ${MIN_FPS} to ${MAX_FPS} fps`);
  checkSides(info.width, info.height);
  return {
    type: "video",
    format: info.brands.includes("qt  ") ? "mov" : "mp4",
    width: info.width,
    height: info.height,
    durationSeconds: info.durationSeconds,
    fps: info.fps,
  };
}

function probeAudio(bytes: Buffer): ProbedMedia {
  const wav = wavDurationSeconds(bytes);
  const mp3 = wav === undefined ? mp3DurationSeconds(bytes) : undefined;
  const durationSeconds = wav ?? mp3;
  if (durationSeconds === undefined) throw invalid("not a readable WAV or MP3 file");
  checkDuration(durationSeconds);
  return { type: "audio", format: wav !== undefined ? "wav" : "mp3", durationSeconds };
}

/** Spec 4.4.1 checks of one downloaded input; throws MediaError("media_invalid") on a violation. */
export async function probeMedia(type: ConditionType, bytes: Buffer): Promise<ProbedMedia> {
  if (bytes.byteLength > MAX_BYTES[type]) throw new MediaError("media_too_large", `file is larger than the ${MAX_BYTES[type]} byte limit`);
  if (type === "image") return probeImage(bytes);
  if (type === "video") return probeVideo(bytes);
  return probeAudio(bytes);
}
