// A generator page's history query, without "use client" (like components/jobs/job-queries), so the
// page can read the first page on the server under the key the browser's hooks read.
import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";
import { api } from "@/lib/client/api";
import type { GenerationDto } from "@/lib/images/generation-dto";

export type HistoryPage = { items: GenerationDto[]; nextCursor: string | null };

/** Where a generator page's history lives: its query key and its GET route (`?cursor=` pages). */
export type GenerationHistorySource = { key: QueryKey; path: string };

/**
 * The designer's generations of one generator, newest first, a page at a time. A pending one is
 * settled by its job: components/jobs re-reads the history when the job finishes.
 */
export function generationHistoryQuery(source: GenerationHistorySource) {
  return infiniteQueryOptions({
    queryKey: source.key,
    queryFn: ({ pageParam, signal }) => api<HistoryPage>(`${source.path}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: "",
    getNextPageParam: (last: HistoryPage) => last.nextCursor ?? undefined,
    // Its images are delivery URLs: refetched before they expire.
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}
