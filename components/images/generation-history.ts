"use client";

import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";
import { api } from "@/lib/client/api";
import type { GenerationDto } from "@/lib/images/generation-dto";

type HistoryPage = { items: GenerationDto[]; nextCursor: string | null };

/** Where a generator page's history lives: its query key and its GET route (`?cursor=` pages). */
export type GenerationHistorySource = { key: QueryKey; path: string };

/**
 * The designer's generations of one generator, newest first, a page at a time. A pending one is
 * settled by its job: components/jobs re-reads the history when the job finishes.
 */
export function useGenerationHistory(source: GenerationHistorySource) {
  return useInfiniteQuery({
    queryKey: source.key,
    queryFn: ({ pageParam, signal }) => api<HistoryPage>(`${source.path}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Its images are delivery URLs: refetched before they expire.
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

/** Flattened pages; an item can appear twice while pages shift under a refetch, so ids are deduplicated. */
export function historyItems(data: InfiniteData<HistoryPage> | undefined): GenerationDto[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** Shows a generation at once (the pending record of a job just started), before the refetch that confirms it. */
export function prependGeneration(queryClient: QueryClient, key: QueryKey, generation: GenerationDto): void {
  queryClient.setQueryData<InfiniteData<HistoryPage>>(key, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, items: [generation, ...first.items.filter((item) => item.id !== generation.id)] }, ...rest] };
  });
}
