// The file rules of the video agent's inputs (spec 4.4.1), in one place for the browser (checked
// before upload, with the metadata the browser can read) and the server (checked again after probing
// the real bytes). Browser-safe. Every problem is a sentence naming the file, the rule and the value.
import { REFERENCE_TOTAL_SECONDS, VIDEO_INPUT_LIMITS, type VideoInputType } from "@/lib/upstream/video/limits";

/** What is known about a file; null or undefined is "not known here" and not checked (a browser cannot read a clip's frame rate). */
export type VideoInputMeta = {
  name: string;
  bytes: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  fps?: number | null;
};

const INPUT_TYPES = Object.keys(VIDEO_INPUT_LIMITS) as VideoInputType[];

const TYPE_NOUNS: Record<VideoInputType, string> = { image: "an image", video: "a video", audio: "an audio file" };

/** The input type of a MIME type (parameters and case ignored), or null when spec 4.4.1 takes no such file. */
export function videoInputTypeOfMime(mime: string): VideoInputType | null {
  const essence = (mime.split(";")[0] ?? "").trim().toLowerCase();
  return INPUT_TYPES.find((type) => (VIDEO_INPUT_LIMITS[type].mimes as readonly string[]).includes(essence)) ?? null;
}

/** The input type of a file name by its extension (spec 4.4.1 table), or null. */
export function videoInputTypeOfName(name: string): VideoInputType | null {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return INPUT_TYPES.find((type) => (VIDEO_INPUT_LIMITS[type].extensions as readonly string[]).includes(extension)) ?? null;
}

/** Every spec 4.4.1 rule the file breaks, each as a sentence; empty when it breaks none. */
export function videoInputProblems(type: VideoInputType, meta: VideoInputMeta): string[] {
  const problems: Array<string | null> = [sizeProblem(type, meta)];
  if (type === "image" || type === "video") {
    const { side } = VIDEO_INPUT_LIMITS[type];
    const sides = [meta.width, meta.height].filter(known);
    if (sides.some((length) => length < side.min || length > side.max)) {
      problems.push(`${meta.name}: each side must be ${side.min} to ${side.max} px (it is ${sideText(meta)})`);
    }
  }
  if (type === "image" && known(meta.width) && known(meta.height) && meta.height > 0) {
    const { min, max } = VIDEO_INPUT_LIMITS.image.ratio;
    const ratio = meta.width / meta.height;
    if (ratio < min || ratio > max) problems.push(`${meta.name}: width/height ratio must be between ${min} and ${max} (it is ${shown(ratio, [min, max], 2)})`);
  }
  if ((type === "video" || type === "audio") && known(meta.durationSeconds)) {
    const { min, max } = VIDEO_INPUT_LIMITS[type].seconds;
    const seconds = meta.durationSeconds;
    if (seconds < min || seconds > max) problems.push(`${meta.name}: length must be ${min} to ${max} seconds (it is ${shown(seconds, [min, max], 1)} s)`);
  }
  if (type === "video" && known(meta.fps)) {
    const { min, max } = VIDEO_INPUT_LIMITS.video.fps;
    if (meta.fps < min || meta.fps > max) problems.push(`${meta.name}: frame rate must be ${min} to ${max} fps (it is ${shown(meta.fps, [min, max], 2)} fps)`);
  }
  return problems.filter((problem) => problem !== null);
}

/** Whether the file is over its type's byte limit (spec 4.4.1): the server answers that one with 413. */
export function isOverByteLimit(type: VideoInputType, bytes: number): boolean {
  return bytes > VIDEO_INPUT_LIMITS[type].maxBytes;
}

/**
 * Spec 4.4.1: the reference videos and audio files may last REFERENCE_TOTAL_SECONDS in all. Files of
 * unknown length count as nothing (the server knows every stored input's length).
 */
export function referenceTimeProblem(files: ReadonlyArray<{ name: string; type: VideoInputType; durationSeconds: number | null }>): string | null {
  const timed = files.filter((file) => file.type !== "image" && known(file.durationSeconds));
  const total = timed.reduce((sum, file) => sum + (file.durationSeconds ?? 0), 0);
  if (total <= REFERENCE_TOTAL_SECONDS) return null;
  const names = timed.map((file) => file.name).join(", ");
  return `${names}: reference videos and audio may last at most ${REFERENCE_TOTAL_SECONDS} seconds in all (these last ${shown(total, [REFERENCE_TOTAL_SECONDS], 1)} s)`;
}

const MIB = 1024 * 1024;

/** An empty file breaks every input rule at once: said as what it is, not as a wrong type. */
export function emptyFileProblem(name: string): string {
  return `${name}: the file is empty (0 bytes)`;
}

function sizeProblem(type: VideoInputType, meta: VideoInputMeta): string | null {
  if (meta.bytes === 0) return emptyFileProblem(meta.name);
  if (!isOverByteLimit(type, meta.bytes)) return null;
  const limit = VIDEO_INPUT_LIMITS[type].maxBytes;
  const rule = `${meta.name}: ${TYPE_NOUNS[type]} must be at most ${limit / MIB} MiB`;
  const mebibytes = (meta.bytes / MIB).toFixed(1);
  // Just over the limit reads as the limit itself in MiB: then the bytes say it.
  if (Number(mebibytes) > limit / MIB) return `${rule} (it is ${mebibytes} MiB)`;
  return `${rule}, ${limit.toLocaleString("en-US")} bytes (it is ${meta.bytes.toLocaleString("en-US")} bytes)`;
}

function sideText(meta: VideoInputMeta): string {
  return known(meta.width) && known(meta.height) ? `${meta.width}×${meta.height} px` : `${meta.width ?? meta.height} px`;
}

function known(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * `value` with `digits` decimals (none for a whole number), or more when those would show it equal to
 * one of the `bounds` it is outside of: 15.04 s is not refused as "15.0 s".
 */
function shown(value: number, bounds: readonly number[], digits: number): string {
  if (Number.isInteger(value)) return String(value);
  for (let places = digits; places <= 6; places += 1) {
    const text = value.toFixed(places);
    if (!bounds.includes(Number(text))) return text;
  }
  return String(value);
}
