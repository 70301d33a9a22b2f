"use client";

import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { generationHistoryQuery, type GenerationHistorySource, type HistoryPage } from "./generation-history-query";
import type { GenerationDto } from "@/lib/images/generation-dto";

/** The designer's generations of one generator (generationHistoryQuery). */
export function useGenerationHistory(source: GenerationHistorySource) {
  return useInfiniteQuery(generationHistoryQuery(source));
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
