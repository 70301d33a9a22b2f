import { z } from "zod";
import { parseConditions, type Condition } from "./conditions";
import { VideoApiError, invalidJson } from "./errors";
import { parseShape } from "./json-request";
import { BASE_SHORT_EDGE, type AspectRatio } from "./sizes";
import { parsePromptTaskDuration, parseRatioStepsSeed } from "./submit-request";
import type { Task } from "./tasks";

// Spec 4.5: the POST body fields of the inference server; null counts as omitted (our choice).
const InferenceShape = z.strictObject({
  model: z.string().nullish(),
  prompt: z.string().nullish(),
  seconds: z.number().nullish(),
  task: z.string().nullish(),
  conditions: z.unknown().optional(),
  target: z
    .strictObject({
      short_edge: z.number().nullish(),
      aspect_ratio: z.string().nullish(),
      duration_seconds: z.number().nullish(),
    })
    .nullish(),
  num_outputs_per_prompt: z.number().nullish(),
  num_inference_steps: z.number().nullish(),
  flow_shift: z.number().nullish(),
  audio_flow_shift: z.number().nullish(),
  seed: z.number().nullish(),
});

export interface InferenceRequest {
  prompt: string;
  task: Task;
  seconds: number;
  aspectRatio: AspectRatio;
  conditions: Condition[];
  seed: number;
}

/** Validates a POST {inference_url}/v1/videos body with the agent's rules where they apply (spec 4.5). */
export function parseInferenceRequest(body: Record<string, unknown>): InferenceRequest {
  const shape = parseShape(InferenceShape, body);
  const { prompt, task, seconds } = parsePromptTaskDuration(shape);
  // Spec 4.5: no post-processing, output at the base short edge; other sizes are refused (our choice).
  const shortEdge = shape.target?.short_edge ?? BASE_SHORT_EDGE;
  if (shortEdge !== BASE_SHORT_EDGE) {
    throw new VideoApiError(400, "unsafe_resolution", `the inference server generates at short edge ${BASE_SHORT_EDGE} only`, "target.short_edge");
  }
  const { aspectRatio, seed } = parseRatioStepsSeed(shape);
  // One output per request is all the emulator makes (our choice).
  if ((shape.num_outputs_per_prompt ?? 1) !== 1) throw invalidJson("num_outputs_per_prompt must be 1", "num_outputs_per_prompt");
  const conditions = parseConditions(shape.conditions, task, "inference");
  return { prompt, task, seconds, aspectRatio, conditions, seed };
}
