import { galleryQuerySchema } from "@/lib/gallery/gallery-schemas";
import { FILTER_KEYS, type GalleryFilters } from "./gallery-url";

// The gallery's address read with the list's own schema, on the server: the page hands the filters to
// the browser, which then needs no zod to show them.

const shape = galleryQuerySchema.shape;

/**
 * The filters of an address. A value the list's schema refuses (a hand-edited link) is dropped rather
 * than shown as an error: the page still opens, with that filter off.
 */
export function filtersFromSearch(search: URLSearchParams): GalleryFilters {
  const scope = shape.scope.safeParse(search.get("scope") ?? undefined);
  const filters: GalleryFilters = { scope: scope.success ? scope.data : "mine" };
  for (const key of FILTER_KEYS) {
    const raw = search.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  return filters;
}

/** The filters of the address as the server hands it to the page: a key given twice reads as its first value, as in the browser. */
export function filtersOfPageQuery(query: Record<string, string | string[] | undefined>): GalleryFilters {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of [value ?? []].flat()) search.append(key, one);
  return filtersFromSearch(search);
}
