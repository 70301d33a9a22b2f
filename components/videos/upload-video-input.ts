import type { AssetDto } from "@/lib/assets/asset-dto";
import { apiErrorOf, isApiError } from "@/lib/client/api";
import type { VideoInputType } from "@/lib/upstream/video/limits";
import { referenceTimeProblem, videoInputProblems, videoInputTypeOfMime, videoInputTypeOfName } from "@/lib/videos/input-rules";
import { readMediaMetadata } from "./media-metadata";
import type { AttachedInput } from "./video-form-state";

// One input file on its way into the video form: its type, the file rules of spec 4.4.1 checked in
// the browser from its metadata, then the raw upload (POST /api/uploads?purpose=video), which probes
// the bytes again and converts HEIC/HEIF to PNG. Browser-only.

const TYPE_NAMES: Record<VideoInputType, string> = { image: "an image", video: "a video", audio: "an audio file" };

/** "an image or a video"; "an image, a video or an audio file". */
function typeList(types: readonly VideoInputType[]): string {
  const names = types.map((type) => TYPE_NAMES[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names.join("");
}

export function inputTypeOf(file: File): VideoInputType | null {
  return videoInputTypeOfMime(file.type) ?? videoInputTypeOfName(file.name) ?? null;
}

type CheckedFile = { file: File; type: VideoInputType; durationSeconds: number | null };

/**
 * The file's type and length when every rule the browser can check holds; else the rules it
 * breaks, each naming the file. `references` are the reference files already attached, for the
 * total reference time (spec 4.4.1: video and audio together at most 15 s).
 */
export async function checkInputFile(
  file: File,
  allowed: readonly VideoInputType[],
  references?: readonly Pick<AttachedInput, "name" | "type" | "durationSeconds">[],
): Promise<{ checked: CheckedFile } | { problems: string[] }> {
  const type = inputTypeOf(file);
  if (!type || !allowed.includes(type)) return { problems: [`${file.name}: must be ${typeList(allowed)} (${allowedExtensions(allowed)})`] };
  const metadata = await readMediaMetadata(file, type);
  const problems = videoInputProblems(type, { name: file.name, bytes: file.size, ...metadata });
  const durationSeconds = metadata.durationSeconds ?? null;
  if (references && type !== "image" && durationSeconds !== null) {
    const total = referenceTimeProblem([...references, { name: file.name, type, durationSeconds }]);
    if (total) problems.push(total);
  }
  return problems.length > 0 ? { problems } : { checked: { file, type, durationSeconds } };
}

const EXTENSIONS: Record<VideoInputType, string> = { image: "JPEG, PNG, WebP, HEIC or HEIF", video: "MP4 or MOV", audio: "WAV or MP3" };

function allowedExtensions(allowed: readonly VideoInputType[]): string {
  return allowed.map((type) => EXTENSIONS[type]).join("; ");
}

type UploadAnswer = { asset: AssetDto; conversion: { message: string } | null };

/** The raw upload: the file is the body, its type the Content-Type (unknown types as octet-stream, sniffed by the server). */
export async function uploadInputFile({ file, type, durationSeconds }: CheckedFile): Promise<{ input: AttachedInput; conversion: string | null }> {
  // The name lets a refusal name the file; a type the route does not list (audio/mp3) goes as bytes to sniff.
  const contentType = videoInputTypeOfMime(file.type) ? file.type : "application/octet-stream";
  const response = await fetch(`/api/uploads?purpose=video&name=${encodeURIComponent(file.name.slice(0, 255))}`, { method: "POST", body: file, headers: { "Content-Type": contentType } });
  if (!response.ok) throw await apiErrorOf(response);
  const { asset, conversion } = (await response.json()) as UploadAnswer;
  const probed = asset.durationMs;
  return {
    input: { asset, type, name: file.name, durationSeconds: probed ? probed / 1000 : durationSeconds },
    conversion: conversion?.message ?? null,
  };
}

/** What a refused upload is shown as: the server's rules, each already naming the file; else its one message, prefixed with the file's name. */
export function uploadProblems(name: string, error: unknown): string[] {
  if (isApiError(error) && error.error.fields?.length) return error.error.fields.map((field) => field.message);
  return [`${name}: ${error instanceof Error ? error.message : "the upload failed"}`];
}
