// The query strings of the video routes. Browser-safe: the page builds the same ones.
import { z } from "zod";
import { VIDEO_TASKS } from "@/lib/upstream/video/limits";
import { VIDEO_PHASES } from "./video-dto";

export const videoListQuerySchema = z.object({
  task: z.enum(VIDEO_TASKS, { error: `task must be one of ${VIDEO_TASKS.join(", ")}` }).optional(),
  status: z.enum(VIDEO_PHASES, { error: `status must be one of ${VIDEO_PHASES.join(", ")}` }).optional(),
  cursor: z.uuid("cursor must be the id of a video job").optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be 1 to 50").max(50, "limit must be 1 to 50").optional(),
});

export const videoDeleteQuerySchema = z.object({
  archive: z.enum(["keep", "remove"], { error: "archive must be keep or remove" }),
});
