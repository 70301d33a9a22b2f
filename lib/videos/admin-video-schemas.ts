// What the admin video page sends: a partition switch and a diagnostic run
// on the inference server. Browser-safe: the form checks with the same schema the route handler uses.
import { z } from "zod";
import { PARTITION_MODES, VIDEO_ASPECT_RATIOS, VIDEO_DEFAULT_ASPECT_RATIO, VIDEO_SECONDS, VIDEO_SEED_MAX } from "@/lib/upstream/video/limits";
import { safeText } from "@/lib/validation/text";
import { VIDEO_PROMPT_MAX_CHARS } from "./video-rules";

/** POST /api/admin/video/partition (spec 3.2: a mode change request). */
export const partitionSwitchSchema = z.strictObject({
  partition: z.enum(PARTITION_MODES, { error: `Partition must be one of ${PARTITION_MODES.join(", ")}` }),
});

const wholeNumber = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

/**
 * POST /api/admin/video/inference: a base-resolution t2va job straight on the inference server
 * (spec 4.5: no post-processing, so the output is at the base short edge 768).
 */
export const inferenceRunSchema = z.strictObject({
  prompt: safeText("Prompt", "Prompt is required")
    .trim()
    .min(1, "Prompt must not be empty")
    .max(VIDEO_PROMPT_MAX_CHARS, `Prompt must be at most ${VIDEO_PROMPT_MAX_CHARS} characters`),
  seconds: wholeNumber("Duration")
    .min(VIDEO_SECONDS.min, `Duration must be between ${VIDEO_SECONDS.min} and ${VIDEO_SECONDS.max} seconds`)
    .max(VIDEO_SECONDS.max, `Duration must be between ${VIDEO_SECONDS.min} and ${VIDEO_SECONDS.max} seconds`)
    .default(VIDEO_SECONDS.default),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS, { error: `Aspect ratio must be one of ${VIDEO_ASPECT_RATIOS.join(", ")}` }).default(VIDEO_DEFAULT_ASPECT_RATIO),
  seed: wholeNumber("Seed").min(0, "Seed must be 0 or more").max(VIDEO_SEED_MAX, `Seed must be at most ${VIDEO_SEED_MAX}`).optional(),
});
export type InferenceRunInput = z.input<typeof inferenceRunSchema>;
export type InferenceRunValues = z.output<typeof inferenceRunSchema>;

/** An inference job's id in a path: the server's own id ("inf_…"), never a path or a URL. */
export const inferenceJobIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/, "Job id must be an inference job's id (letters, digits, . _ : -)");
