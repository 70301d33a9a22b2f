"use client";

import { useInfiniteQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { GenerationDto } from "@/lib/images/generation-dto";

type HistoryPage = { items: GenerationDto[]; nextCursor: string | null };

export const alphaV3HistoryKey = ["alpha-v3", "generations"] as const;

/**
 * The designer's alpha v3 generations, newest first, a page at a time (GET /api/alpha/v3/generations).
 * A pending one is settled by its job: components/jobs re-reads the history when the job finishes.
 */
export function useAlphaV3History() {
  return useInfiniteQuery({
    queryKey: alphaV3HistoryKey,
    queryFn: ({ pageParam, signal }) =>
      api<HistoryPage>(`/api/alpha/v3/generations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Flattened pages; an item can appear twice while pages shift under a refetch, so ids are deduplicated. */
export function historyItems(data: InfiniteData<HistoryPage> | undefined): GenerationDto[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** Shows a generation at once (the pending record of a job just started), before the refetch that confirms it. */
export function prependGeneration(queryClient: QueryClient, generation: GenerationDto): void {
  queryClient.setQueryData<InfiniteData<HistoryPage>>(alphaV3HistoryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, items: [generation, ...first.items.filter((item) => item.id !== generation.id)] }, ...rest] };
  });
}
