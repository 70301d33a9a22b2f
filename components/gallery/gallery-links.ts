import type { ReuseTarget } from "@/lib/gallery/gallery-dto";

// Addresses between the gallery and the generators. "Reuse settings" opens the generator that made
// an entry with `?reuse=<entry id>`; "Use as reference" opens alpha v3 or beta with
// `?reference=<asset id>`; "Animate" opens the videos page with `?firstFrame=<asset id>` and "Split
// into layers" the beta page with `?layersFrom=<asset id>`. The pages read these once, then clear
// the address; who may use the image is checked when the work starts. Pure.

/** The generators whose forms "Use as reference" can add an image to. */
export type ReferencePage = "/alpha" | "/beta";

const GENERATOR_PAGES: Record<Exclude<ReuseTarget, "chat">, string> = { "alpha-v3": "/alpha", beta: "/beta", video: "/videos" };

/** Where "Reuse settings" leads: the generator refilled, or a conversation itself (continued or forked there). */
export function reuseHref(target: ReuseTarget, itemId: string, conversationId: string | null): string {
  if (target === "chat") return conversationId ? `/chat/${encodeURIComponent(conversationId)}` : "/chat";
  return `${GENERATOR_PAGES[target]}?reuse=${encodeURIComponent(itemId)}`;
}

export function referenceHref(page: ReferencePage, assetId: string): string {
  return `${page}?reference=${encodeURIComponent(assetId)}`;
}

/** "Edit in chat": the chat editor opens a conversation with this image attached. */
export function chatEditorHref(assetId: string): string {
  return `/chat?image=${encodeURIComponent(assetId)}`;
}

/** "Animate": a first / last frame video with the image as its first frame. */
export function animateHref(assetId: string): string {
  return `/videos?firstFrame=${encodeURIComponent(assetId)}`;
}

/** "Split into layers": beta Pro's layer decomposition of the image. */
export function splitLayersHref(assetId: string): string {
  return `/beta?layersFrom=${encodeURIComponent(assetId)}`;
}

/**
 * What a generator page's address asks it to refill from: a gallery entry, an image to add as a
 * reference, to animate from, or to split into layers.
 */
export type GalleryRefill = { reuse: string | null; reference: string | null; firstFrame: string | null; layersFrom: string | null };

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (typeof value === "string" && value !== "" ? value : null);

export function galleryRefillOf(searchParams: SearchParams): GalleryRefill {
  return { reuse: single(searchParams.reuse), reference: single(searchParams.reference), firstFrame: single(searchParams.firstFrame), layersFrom: single(searchParams.layersFrom) };
}
