// The videos pages' query keys and queries, without "use client" (like components/jobs/job-queries).
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/client/api";
import type { PartitionDto, VideoJobDto, VideoListDto } from "@/lib/videos/video-dto";
import { matchesFilters, videoListPath, type VideoListFilters } from "./video-links";
import { refreshInterval } from "./video-job-view";
import { videosKey } from "./video-keys";

const listsKey = [...videosKey, "list"] as const;

/** A refusal that will not change by asking again (not found, not allowed): not retried. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  return !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1;
}

/** GET /api/videos, newest first, page by page; read again every 5 s while a listed job is under way. */
export function videoListQuery(filters: VideoListFilters) {
  return infiniteQueryOptions({
    queryKey: [...listsKey, filters],
    queryFn: ({ pageParam, signal }) => api<VideoListDto>(videoListPath(filters, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) => refreshInterval(query.state.data?.pages.flatMap((page) => page.items) ?? []),
  });
}

/** GET /api/videos/[id]; read again every 5 s while it is under way. */
export function videoQuery(id: string) {
  return queryOptions({
    queryKey: [...videosKey, "job", id],
    queryFn: ({ signal }) => api<VideoJobDto>(`/api/videos/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => refreshInterval(query.state.data ? [query.state.data] : []),
    retry: retryUnlessRefused,
  });
}

/** Spec 3.2: clients poll every 10 to 15 s while the partition does not suit them. */
export const PARTITION_POLL_MS = 12_000;

/** GET /api/videos/partition. */
export function partitionQuery() {
  return queryOptions({
    queryKey: [...videosKey, "partition"],
    queryFn: ({ signal }) => api<PartitionDto>("/api/videos/partition", { signal }),
    refetchOnWindowFocus: true,
  });
}

type ListData = InfiniteData<VideoListDto, string | null>;

/** Puts a job the studio just answered with into every cached view of it: its own, and the lists it belongs to (a new one at the top). */
export function rememberVideo(queryClient: QueryClient, job: VideoJobDto): void {
  // A start or cancel answers without the job's lineage: the one already read stays.
  queryClient.setQueryData(videoQuery(job.id).queryKey, (cached) => ({ ...job, madeFrom: job.madeFrom ?? cached?.madeFrom, usedIn: job.usedIn ?? cached?.usedIn }));
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: listsKey })) {
    if (!data) continue;
    const filters = key[2] as VideoListFilters;
    const listed = data.pages.some((page) => page.items.some((item) => item.id === job.id));
    const pages = listed
      ? data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === job.id ? job : item)) }))
      : matchesFilters(job, filters)
        ? data.pages.map((page, index) => (index === 0 ? { ...page, items: [job, ...page.items] } : page))
        : data.pages;
    queryClient.setQueryData<ListData>(key, { ...data, pages });
  }
}

/** Takes a deleted job out of every cached list, and its own view. */
export function forgetVideo(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: videoQuery(id).queryKey });
  queryClient.setQueriesData<ListData>({ queryKey: listsKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) } : data,
  );
}

export function invalidateVideoLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listsKey });
}
