// The video form's rules the pages show without checking anything (the prompt's length, the task
// labels, how a reference is named in the prompt, which family a short edge belongs to): kept apart
// from the zod schemas (video-schemas.ts, which use them) so that a page showing them does not load
// zod with its first paint.
import { VIDEO_SHORT_EDGE } from "@/lib/upstream/video/limits";

/** Longest prompt the studio sends (the spec sets none; this bounds the body and the database row). */
export const VIDEO_PROMPT_MAX_CHARS = 5000;

// Defined with the tasks, so the gallery (lib/gallery/gallery-models) names them without depending on lib/videos.
export { VIDEO_TASK_LABELS } from "@/lib/upstream/video/limits";

export const VIDEO_INPUT_SLOTS = ["first", "last", "reference"] as const;
export type VideoInputSlot = (typeof VIDEO_INPUT_SLOTS)[number];

/** The tag that names the n-th file of a type in a ref2va prompt (spec 4.4.1: `<Picture 1>`, `<Video 1>`, `<Audio 1>`). */
export function referenceTag(type: "image" | "video" | "audio", n: number): string {
  return `<${type === "image" ? "Picture" : type === "video" ? "Video" : "Audio"} ${n}>`;
}

/** Whether a requested short edge is generated as is (768) or post-processed to a fixed spec of its family (spec 4.4). */
export function shortEdgeFamily(shortEdge: number): "native" | "1080p" | "2K" | "4K" {
  if (shortEdge <= VIDEO_SHORT_EDGE.native) return "native";
  if (shortEdge < 1440) return "1080p";
  if (shortEdge < 2160) return "2K";
  return "4K";
}
