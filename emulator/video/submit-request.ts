import { randomInt } from "node:crypto";
import { z } from "zod";
import { parseConditions, type Condition } from "./conditions";
import { VideoApiError, invalidJson } from "./errors";
import { parseShape } from "./json-request";
import { ASPECT_RATIOS, MAX_SHORT_EDGE, MIN_SHORT_EDGE, type AspectRatio } from "./sizes";
import { TASKS, type Task } from "./tasks";

export const VIDEO_MODEL = "gamma-video-h3";

/** Spec 2.5 `echo`: the applied arguments with every default filled in. */
export interface VideoEcho {
  model: typeof VIDEO_MODEL;
  prompt: string;
  task: Task;
  seconds: number;
  target: { short_edge: number; aspect_ratio: AspectRatio; duration_seconds: number };
  conditions: Condition[];
  num_inference_steps: number;
  flow_shift: number;
  audio_flow_shift: number;
  seed: number;
  x_metadata?: unknown;
}

export interface JobWarning {
  code: string;
  message: string;
}

// Declared fields of spec 4.4; null counts as omitted (our choice). Anything else is invalid_json.
const TargetShape = z.strictObject({
  short_edge: z.number().nullish(),
  aspect_ratio: z.string().nullish(),
  duration_seconds: z.number().nullish(),
});
const SubmitShape = z.strictObject({
  prompt: z.string().nullish(),
  task: z.string().nullish(),
  seconds: z.number().nullish(),
  target: TargetShape.nullish(),
  conditions: z.unknown().optional(),
  num_inference_steps: z.number().nullish(),
  flow_shift: z.number().nullish(),
  audio_flow_shift: z.number().nullish(),
  seed: z.number().nullish(),
  model: z.string().nullish(),
  x_metadata: z.unknown().optional(),
});

// Spec 8: seconds 4 to 15.
const MIN_SECONDS = 4;
const MAX_SECONDS = 15;
// Spec 4.4: 50 or more steps yields a processing-time warning.
const HIGH_STEP_COUNT = 50;
// Spec 2.5 names "long duration" warnings without a threshold: 10 s or more, our choice.
const LONG_DURATION_SECONDS = 10;
const MAX_SEED = 2 ** 63 - 1;

function checkSeconds(value: number, param: string): number {
  // Values outside a range that has no code of its own are invalid_json (our choice, like the list `limit`).
  if (!Number.isInteger(value) || value < MIN_SECONDS || value > MAX_SECONDS) {
    throw invalidJson(`${param} must be an integer from ${MIN_SECONDS} to ${MAX_SECONDS}`, param);
  }
  return value;
}

/** Fields the agent (spec 4.4) and the inference server (spec 4.5) share, checked in spec 7.3 order. */
export interface CommonFields {
  prompt?: string | null;
  task?: string | null;
  model?: string | null;
  seconds?: number | null;
  target?: { aspect_ratio?: string | null; duration_seconds?: number | null } | null;
  num_inference_steps?: number | null;
  seed?: number | null;
}

/** Checks the shared fields up to (not including) `target.short_edge`. */
export function parsePromptTaskDuration(shape: CommonFields): { prompt: string; task: Task; seconds: number } {
  const prompt = shape.prompt ?? "";
  if (prompt.trim() === "") throw new VideoApiError(400, "missing_prompt", "prompt must not be empty", "prompt");

  if (!TASKS.includes(shape.task as Task)) throw new VideoApiError(400, "invalid_task", `task must be one of ${TASKS.join(", ")}`, "task");
  const task = shape.task as Task;

  if (shape.model != null && shape.model !== VIDEO_MODEL) throw invalidJson(`model must be ${VIDEO_MODEL}`, "model");

  // Spec 4.4: use either seconds or target.duration_seconds; 0 counts as unset; both must agree.
  const durationSeconds = shape.target?.duration_seconds ?? 0;
  if (durationSeconds !== 0) checkSeconds(durationSeconds, "target.duration_seconds");
  if (shape.seconds != null) checkSeconds(shape.seconds, "seconds");
  if (shape.seconds != null && durationSeconds !== 0 && shape.seconds !== durationSeconds) {
    throw new VideoApiError(400, "conflicting_duration", "seconds differs from target.duration_seconds", "seconds");
  }
  return { prompt, task, seconds: shape.seconds ?? (durationSeconds || 5) };
}

/** Checks the shared fields after `target.short_edge`; returns the aspect ratio, steps and seed. */
export function parseRatioStepsSeed(shape: CommonFields): { aspectRatio: AspectRatio; steps: number; seed: number } {
  const aspectRatio = shape.target?.aspect_ratio ?? "16:9";
  if (!ASPECT_RATIOS.includes(aspectRatio as AspectRatio)) {
    throw new VideoApiError(400, "invalid_aspect_ratio", `target.aspect_ratio must be one of ${ASPECT_RATIOS.join(", ")}`, "target.aspect_ratio");
  }

  const steps = shape.num_inference_steps ?? 20;
  if (!Number.isInteger(steps) || steps <= 0) throw invalidJson("num_inference_steps must be an integer greater than 0", "num_inference_steps");

  if (shape.seed != null && (!Number.isInteger(shape.seed) || shape.seed < 0 || shape.seed > MAX_SEED)) {
    throw invalidJson("seed must be an integer from 0 to 2^63-1", "seed");
  }
  // Spec 4.4: an omitted seed is generated in [0, 2^31) and returned in echo.seed.
  return { aspectRatio: aspectRatio as AspectRatio, steps, seed: shape.seed ?? randomInt(0, 2 ** 31) };
}

/** Validates a POST /v1/videos body (spec 4.4) in the order of spec 7.3's table. */
export function parseSubmitRequest(body: Record<string, unknown>): { echo: VideoEcho; warnings: JobWarning[] } {
  const shape = parseShape(SubmitShape, body);
  const { prompt, task, seconds } = parsePromptTaskDuration(shape);

  const shortEdge = shape.target?.short_edge ?? MIN_SHORT_EDGE;
  if (!Number.isInteger(shortEdge)) throw invalidJson("target.short_edge must be an integer", "target.short_edge");
  if (shortEdge < MIN_SHORT_EDGE || shortEdge > MAX_SHORT_EDGE) {
    throw new VideoApiError(400, "unsafe_resolution", `target.short_edge must be from ${MIN_SHORT_EDGE} to ${MAX_SHORT_EDGE}`, "target.short_edge");
  }

  const { aspectRatio, steps, seed } = parseRatioStepsSeed(shape);
  const conditions = parseConditions(shape.conditions, task);

  const echo: VideoEcho = {
    model: VIDEO_MODEL,
    prompt,
    task,
    seconds,
    target: { short_edge: shortEdge, aspect_ratio: aspectRatio, duration_seconds: seconds },
    conditions,
    num_inference_steps: steps,
    flow_shift: shape.flow_shift ?? 12.0,
    audio_flow_shift: shape.audio_flow_shift ?? 3.0,
    seed,
  };
  if (shape.x_metadata !== undefined) echo.x_metadata = shape.x_metadata;

  const warnings: JobWarning[] = [];
  if (steps >= HIGH_STEP_COUNT) {
    warnings.push({ code: "high_step_count", message: `num_inference_steps ${steps} (50 or more) makes processing slower` });
  }
  if (seconds >= LONG_DURATION_SECONDS) {
    warnings.push({ code: "long_duration", message: `a ${seconds} s clip takes noticeably longer to generate` });
  }
  return { echo, warnings };
}
