import type { VideoInputType } from "@/lib/upstream/video/limits";
import { referenceTag } from "@/lib/videos/video-rules";

// The ref2va prompt's tags (spec 4.4.1): attaching files assigns them no role, so the prompt names
// each one (`<Picture 1>` for the first image, `<Video 2>` for the second video …). Pure.

/** Each reference's tag, numbered per type in the order of the list (the order they are sent in). */
export function referenceTags(references: readonly { type: VideoInputType }[]): string[] {
  const counts: Record<VideoInputType, number> = { image: 0, video: 0, audio: 0 };
  return references.map(({ type }) => {
    counts[type] += 1;
    return referenceTag(type, counts[type]);
  });
}

/**
 * `insert` put in place of the selection `start`–`end` of `text`, with a space on either side
 * where it would otherwise touch a word; `cursor` is where the caret goes (just after it).
 */
export function insertAtCursor(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === "" || /\s$/.test(before) ? "" : " ";
  const trail = after === "" || /^[\s.,;:!?)]/.test(after) ? "" : " ";
  const inserted = `${lead}${insert}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}
