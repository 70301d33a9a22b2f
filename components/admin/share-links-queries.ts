import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { AdminShareLinkPage } from "@/lib/gallery/share-link-rules";

/** Every query of the admin's public link list; disabling or enabling a user changes its states. */
export const adminShareLinksKey = ["admin", "share-links"] as const;

/** GET /api/admin/links, a page at a time. */
export function adminShareLinksQuery() {
  return infiniteQueryOptions({
    queryKey: adminShareLinksKey,
    queryFn: ({ pageParam, signal }) => api<AdminShareLinkPage>(`/api/admin/links${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
