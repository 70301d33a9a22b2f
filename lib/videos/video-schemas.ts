// The video form's values as the page POSTs them to /api/videos: one schema for the form's live
// validation and the route handler. Browser-safe. Every refusal names its field and states
// the rule. Rules: spec 4.4 (fields), 4.4.1 (conditions per task), 8 (limits); the numbers come from
// lib/upstream/video/limits.
import { z } from "zod";
import {
  KEYFRAME_LIMITS,
  REFERENCE_LIMITS,
  VIDEO_ASPECT_RATIOS,
  VIDEO_DEFAULT_ASPECT_RATIO,
  VIDEO_SECONDS,
  VIDEO_SEED_MAX,
  VIDEO_SHORT_EDGE,
  VIDEO_TASKS,
  type VideoTask,
} from "@/lib/upstream/video/limits";
import { safeText } from "@/lib/validation/text";
import { VIDEO_INPUT_SLOTS, VIDEO_PROMPT_MAX_CHARS } from "./video-rules";


const whole = (label: string, unit: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number of ${unit}`);

const inputSchema = z.object({
  /** Id of an uploaded input asset (purpose `video`); the server re-reads its type, size and length from storage. */
  assetId: z.uuid("Input id must be the id of an uploaded file"),
  type: z.enum(["image", "video", "audio"], { error: "Input type must be image, video or audio" }),
  /** fl2va: the first or last frame (spec 4.4.1 `frame_index` 0 / -1); ref2va: a reference. */
  slot: z.enum(VIDEO_INPUT_SLOTS, { error: "Input slot must be first, last or reference" }),
});
export type VideoFormInputFile = z.infer<typeof inputSchema>;

const advancedSchema = z.object({
  steps: whole("Inference steps", "steps").min(1, "Inference steps must be greater than 0").max(200, "Inference steps must be at most 200").optional(),
  flowShift: z.number({ error: "Flow shift must be a number" }).min(0, "Flow shift must be 0 or more").max(100, "Flow shift must be at most 100").optional(),
  audioFlowShift: z.number({ error: "Audio flow shift must be a number" }).min(0, "Audio flow shift must be 0 or more").max(100, "Audio flow shift must be at most 100").optional(),
  seed: whole("Seed", "units").min(0, "Seed must be 0 or more").max(VIDEO_SEED_MAX, `Seed must be at most ${VIDEO_SEED_MAX}`).optional(),
});

const videoFormShape = z.object({
  task: z.enum(VIDEO_TASKS, { error: "Task must be t2va, fl2va or ref2va" }),
  prompt: safeText("Prompt", "Prompt is required")
    .trim()
    .min(1, "Prompt must not be empty")
    .max(VIDEO_PROMPT_MAX_CHARS, `Prompt must be at most ${VIDEO_PROMPT_MAX_CHARS} characters`),
  /** One field in the form; sent as `seconds` only (spec 4.4: never conflicting with target.duration_seconds). */
  durationSeconds: whole("Duration", "seconds")
    .min(VIDEO_SECONDS.min, `Duration must be between ${VIDEO_SECONDS.min} and ${VIDEO_SECONDS.max} seconds`)
    .max(VIDEO_SECONDS.max, `Duration must be between ${VIDEO_SECONDS.min} and ${VIDEO_SECONDS.max} seconds`)
    .default(VIDEO_SECONDS.default),
  shortEdge: whole("Short edge", "pixels")
    .min(VIDEO_SHORT_EDGE.min, `Short edge must be between ${VIDEO_SHORT_EDGE.min} and ${VIDEO_SHORT_EDGE.max} px`)
    .max(VIDEO_SHORT_EDGE.max, `Short edge must be between ${VIDEO_SHORT_EDGE.min} and ${VIDEO_SHORT_EDGE.max} px`)
    .default(VIDEO_SHORT_EDGE.native),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS, { error: `Aspect ratio must be one of ${VIDEO_ASPECT_RATIOS.join(", ")}` }).default(VIDEO_DEFAULT_ASPECT_RATIO),
  /** Convert the archived result to 720p after download (spec 8: generate at a supported size, convert afterwards). */
  delivery720p: z.boolean({ error: "720p delivery must be on or off" }).default(false),
  advanced: advancedSchema.default({}),
  inputs: z.array(inputSchema, { error: "Inputs must be a list" }).default([]),
});

export type VideoFormValues = z.output<typeof videoFormShape>;

/** Why the inputs do not suit the task (spec 4.4.1), as [path, message] pairs; empty when they do. */
export function inputProblems(task: VideoTask, inputs: readonly VideoFormInputFile[]): Array<[Array<string | number>, string]> {
  const problems: Array<[Array<string | number>, string]> = [];
  const ids = new Set<string>();
  inputs.forEach((input, index) => {
    if (ids.has(input.assetId)) problems.push([["inputs", index, "assetId"], "The same file is attached twice"]);
    ids.add(input.assetId);
  });
  if (task === "t2va") {
    if (inputs.length > 0) problems.push([["inputs"], "Text to video takes no input files"]);
    return problems;
  }
  if (task === "fl2va") {
    if (inputs.length < KEYFRAME_LIMITS.min) problems.push([["inputs"], "First / last frame needs a first-frame image, a last-frame image or both"]);
    if (inputs.length > KEYFRAME_LIMITS.max) problems.push([["inputs"], "First / last frame takes at most 2 images"]);
    inputs.forEach((input, index) => {
      if (input.type !== "image") problems.push([["inputs", index, "type"], "First and last frames must be images (a video cannot be a keyframe)"]);
      if (input.slot === "reference") problems.push([["inputs", index, "slot"], "First / last frame inputs must be the first or the last frame"]);
    });
    for (const slot of ["first", "last"] as const) {
      if (inputs.filter((input) => input.slot === slot).length > 1) problems.push([["inputs"], `Only one image can be the ${slot} frame`]);
    }
    return problems;
  }
  const count = (type: VideoFormInputFile["type"]) => inputs.filter((input) => input.type === type).length;
  const [images, videos, audio] = [count("image"), count("video"), count("audio")];
  inputs.forEach((input, index) => {
    if (input.slot !== "reference") problems.push([["inputs", index, "slot"], "Reference inputs cannot be first or last frames"]);
  });
  if (images > REFERENCE_LIMITS.images) problems.push([["inputs"], `References take at most ${REFERENCE_LIMITS.images} images (${images} attached)`]);
  if (videos > REFERENCE_LIMITS.videos) problems.push([["inputs"], `References take at most ${REFERENCE_LIMITS.videos} videos (${videos} attached)`]);
  if (audio > REFERENCE_LIMITS.audio) problems.push([["inputs"], `References take at most ${REFERENCE_LIMITS.audio} audio files (${audio} attached)`]);
  if (inputs.length > REFERENCE_LIMITS.total) problems.push([["inputs"], `References take at most ${REFERENCE_LIMITS.total} files in all (${inputs.length} attached)`]);
  if (images + videos === 0) problems.push([["inputs"], audio > 0 ? "Audio alone is not allowed: add an image or a video as the anchor" : "References need at least one image or video"]);
  return problems;
}

export const videoFormSchema = videoFormShape.superRefine((values, ctx) => {
  for (const [path, message] of inputProblems(values.task, values.inputs)) ctx.addIssue({ code: "custom", path, message });
});

export type VideoFormInput = z.input<typeof videoFormSchema>;

/** "Use frame": the image uploaded from the player's current frame, to keep as made from the video. */
export const keepFrameSchema = z.strictObject({ assetId: z.uuid("The frame must be the id of an uploaded image") });
export type KeepFrameInput = z.infer<typeof keepFrameSchema>;
