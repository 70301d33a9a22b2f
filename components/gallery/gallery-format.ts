import { GALLERY_MODEL_LABELS } from "@/lib/gallery/gallery-models";
import type { GalleryItemDto } from "@/lib/gallery/gallery-dto";
import { GALLERY_KIND_LABELS } from "@/lib/gallery/gallery-rules";

// How the gallery words an entry. Dates use a fixed locale and zone, so the server's render and the
// browser's hydration print the same text. Pure.

const dateTimeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/** A video's length as a player shows it: 5000 → "0:05". */
export function formatClock(ms: number): string {
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The label on a tile's badge: the kind, a set's image count ("4 images"), a video's length. */
export function kindBadge(item: Pick<GalleryItemDto, "kind" | "imageCount" | "durationMs">): string {
  if (item.kind === "video") return item.durationMs ? `Video · ${formatClock(item.durationMs)}` : "Video";
  if (item.kind === "image") return "Image";
  const count = `${item.imageCount} image${item.imageCount === 1 ? "" : "s"}`;
  return `${GALLERY_KIND_LABELS[item.kind]} · ${count}`;
}

/** What a variation set's tile and detail call it: "3 variations". */
export function variationsLabel(count: number): string {
  return `${count} variation${count === 1 ? "" : "s"}`;
}

/** The model's name as the filter shows it; an unknown one as stored. */
export function modelLabel(model: string): string {
  return (GALLERY_MODEL_LABELS as Record<string, string>)[model] ?? model;
}

/** A prompt cut to a notice's length, on a word boundary. */
export function shortPrompt(prompt: string, max = 60): string {
  const text = prompt.trim().replace(/\s+/g, " ");
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : max)}…`;
}
