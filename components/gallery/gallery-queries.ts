// The gallery pages' query keys, queries and changes, without "use client" (like
// components/videos/video-queries).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/client/api";
import type { GalleryItemDetailDto, GalleryPageDto, ReuseDto } from "@/lib/gallery/gallery-dto";
import type { ShareLinkDto } from "@/lib/gallery/share-link-rules";
import { galleryKey } from "./gallery-keys";
import { galleryListPath, type GalleryFilters } from "./gallery-url";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";

/** What a delete answered: the entries removed, and the files kept because something still uses them. */
export const itemPath = (id: string) => `/api/gallery/items/${encodeURIComponent(id)}`;

/** A refusal that will not change by asking again (not found, not allowed): not retried. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1;
}

/** Whether a failure is the studio's "No such item" (missing, or not the viewer's to see). */
export function isNotFound(error: Error | null): boolean {
  return isApiError(error) && error.status === 404;
}

/** GET /api/gallery for one tab and its filters, newest first, page by page (keyset cursor). */
export function galleryListQuery(filters: GalleryFilters) {
  return infiniteQueryOptions({
    queryKey: [...galleryKey, "list", filters],
    queryFn: ({ pageParam, signal }) => api<GalleryPageDto>(galleryListPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessRefused,
    // Its thumbnails are delivery URLs: refetched before they expire.
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

/** GET /api/gallery/items/[id]: the detail view. */
export function galleryItemQuery(id: string) {
  return queryOptions({
    queryKey: [...galleryKey, "item", id],
    queryFn: ({ signal }) => api<GalleryItemDetailDto>(itemPath(id), { signal }),
    retry: retryUnlessRefused,
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

/** GET /api/gallery/items/[id]/reuse: the generator that made the entry and the values to refill it with. */
export function galleryReuseQuery(id: string) {
  return queryOptions({
    queryKey: [...galleryKey, "reuse", id],
    queryFn: ({ signal }) => api<ReuseDto>(`${itemPath(id)}/reuse`, { signal }),
    retry: retryUnlessRefused,
  });
}

/** GET /api/gallery/items/[id]/links: the owner's live public links of an entry. */
export function publicLinksQuery(id: string) {
  return queryOptions({
    queryKey: [...galleryKey, "links", id],
    queryFn: ({ signal }) => api<{ links: ShareLinkDto[] }>(`${itemPath(id)}/links`, { signal }),
    retry: retryUnlessRefused,
  });
}

/** GET /api/gallery/download?ids=…: one ZIP of the entries' files, streamed by the server (a plain link). */
export function selectionDownloadHref(ids: Iterable<string>): string {
  return `/api/gallery/download?ids=${[...ids].map(encodeURIComponent).join(",")}`;
}

/** GET /api/gallery/items/[id]/download: the file itself, or a ZIP of a set. */
export function itemDownloadHref(id: string): string {
  return `${itemPath(id)}/download`;
}
