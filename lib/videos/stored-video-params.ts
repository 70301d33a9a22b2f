import { z } from "zod";
import {
  VIDEO_ASPECT_RATIOS,
  VIDEO_DEFAULT_ASPECT_RATIO,
  VIDEO_SECONDS,
  VIDEO_SHORT_EDGE,
  VIDEO_TASKS,
} from "@/lib/upstream/video/limits";
import { VIDEO_INPUT_SLOTS } from "./video-rules";
import type { VideoFormValues } from "./video-schemas";

const finiteNumber = z.number().refine(Number.isFinite);

const storedInputSchema = z.object({
  assetId: z.string(),
  type: z.enum(["image", "video", "audio"]),
  slot: z.enum(VIDEO_INPUT_SLOTS),
});

/**
 * A video job's parameters as stored when it was submitted, read loosely: the form's rules
 * (lib/videos/video-schemas) say what a new job may ask for, and may grow stricter, but a job
 * accepted under older rules is still shown, sent, followed and archived with what it asked for.
 * Only a value the studio cannot use at all (a field of the wrong type, an aspect ratio it no
 * longer knows) falls back to the form's default, and an unreadable input entry is left out.
 */
const storedVideoParamsSchema = z.object({
  task: z.enum(VIDEO_TASKS).catch("t2va"),
  prompt: z.string().catch(""),
  durationSeconds: finiteNumber.catch(VIDEO_SECONDS.default),
  shortEdge: finiteNumber.catch(VIDEO_SHORT_EDGE.native),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).catch(VIDEO_DEFAULT_ASPECT_RATIO),
  delivery720p: z.boolean().catch(false),
  advanced: z
    .object({
      steps: finiteNumber.optional().catch(undefined),
      flowShift: finiteNumber.optional().catch(undefined),
      audioFlowShift: finiteNumber.optional().catch(undefined),
      seed: finiteNumber.optional().catch(undefined),
    })
    .catch({}),
  inputs: z
    .array(z.unknown())
    .catch([])
    .transform((entries) => entries.flatMap((entry) => {
      const input = storedInputSchema.safeParse(entry);
      return input.success ? [input.data] : [];
    })),
});

/** The parameters a video job was submitted with. */
export function storedParams(job: { params: unknown }): VideoFormValues {
  return storedVideoParamsSchema.parse(job.params ?? {});
}
