import type { GalleryQuery } from "@/lib/gallery/gallery-schemas";

// The gallery's address: the tab and every filter live in the page's query, so a view can
// be shared as a link and the back button steps through the filters. Pure, and free of zod: the
// server page reads the address (gallery-url-filters.ts) and hands the browser its filters.

/** What the page's address asks for: a tab ("mine" or a team's id) and the filters; no paging. */
export type GalleryFilters = Omit<GalleryQuery, "cursor" | "limit">;

export const FILTER_KEYS = ["kind", "model", "from", "to", "creator", "shared", "q"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The query of an address or an API call for `filters`: "mine" and unset filters left out. */
export function searchOfFilters(filters: GalleryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.scope !== "mine") search.set("scope", filters.scope);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return search;
}

/** `/gallery?…`: the page showing `filters`. */
export function galleryHref(filters: GalleryFilters): string {
  const query = searchOfFilters(filters).toString();
  return query ? `/gallery?${query}` : "/gallery";
}

/** GET /api/gallery for one page of `filters`, after `cursor` when paging on. */
export function galleryListPath(filters: GalleryFilters, cursor: string | null): string {
  const search = searchOfFilters(filters);
  if (filters.scope === "mine") search.set("scope", "mine");
  if (cursor) search.set("cursor", cursor);
  return `/api/gallery?${search.toString()}`;
}

/** `filters` with one filter changed (unset when empty). */
export function withFilter(filters: GalleryFilters, key: FilterKey, value: string | undefined): GalleryFilters {
  const next: GalleryFilters = { ...filters };
  if (value) Object.assign(next, { [key]: value });
  else delete next[key];
  return next;
}

/** Another tab: kind, model, dates and search stay; the creator and shared filters belong to one tab. */
export function withScope(filters: GalleryFilters, scope: string): GalleryFilters {
  const { creator: _creator, shared: _shared, ...kept } = filters;
  return { ...kept, scope };
}

/** How many filters narrow the tab (the search counts as one), as the collapsed filters' button says. */
export function activeFilterCount(filters: GalleryFilters): number {
  return FILTER_KEYS.filter((key) => Boolean(filters[key])).length;
}

/** Whether any filter narrows the tab (the empty state then says to clear them, not to generate). */
export function hasFilters(filters: GalleryFilters): boolean {
  return activeFilterCount(filters) > 0;
}
