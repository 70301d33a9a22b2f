import type { ReuseTarget } from "@/lib/gallery/gallery-dto";

// Addresses between the gallery and the generators (issue 12). "Reuse settings" opens the
// generator that made an entry with `?reuse=<entry id>`; "Use as reference" opens alpha v3 or beta
// with `?reference=<asset id>`. The generator pages read these once, then clear the address. Pure.

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

/** What a generator page's address asks it to refill from: a gallery entry, an image to add as a reference. */
export type GalleryRefill = { reuse: string | null; reference: string | null };

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (typeof value === "string" && value !== "" ? value : null);

export function galleryRefillOf(searchParams: SearchParams): GalleryRefill {
  return { reuse: single(searchParams.reuse), reference: single(searchParams.reference) };
}
