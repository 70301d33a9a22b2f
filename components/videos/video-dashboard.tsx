"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { selectClassWith } from "@/components/ui/field";
import { RetryAlert } from "@/components/ui/retry-alert";
import { VIDEO_PHASE_LABELS, type VideoJobDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";
import { VideoJobRow } from "./video-job-row";
import { NO_FILTERS, STATUS_FILTERS, TASK_FILTERS, type VideoListFilters } from "./video-links";
import { videoListQuery } from "./video-queries";

type Props = { onDuplicate: (job: VideoJobDto, reuseSeed: boolean) => void };

const selectClass = selectClassWith("h-9 py-1 text-[13px]");

// The designer's video jobs, newest first, one compact row each that opens to its details: filtered
// by task and status, paged with "Load more", and read from the studio again every 5 s while any listed job is under
// way (the studio's worker polls the video service, not the browsers).
export function VideoDashboard({ onDuplicate }: Props) {
  const [filters, setFilters] = useState<VideoListFilters>(NO_FILTERS);
  const list = useInfiniteQuery(videoListQuery(filters));
  const jobs = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.task !== "all" || filters.status !== "all";

  return (
    <section aria-labelledby="videos-heading" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="videos-heading" className="text-sm font-semibold">
            Your videos
          </h2>
          <p className="text-xs text-muted">Newest first. Jobs keep running when you close the page.</p>
        </div>
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="videos-filter-task">
            Task
          </label>
          <select
            id="videos-filter-task"
            value={filters.task}
            onChange={(event) => setFilters({ ...filters, task: event.target.value as VideoListFilters["task"] })}
            className={selectClass}
            data-testid="videos-filter-task"
          >
            {TASK_FILTERS.map((task) => (
              <option key={task} value={task}>
                {task === "all" ? "All tasks" : VIDEO_TASK_LABELS[task]}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="videos-filter-status">
            Status
          </label>
          <select
            id="videos-filter-status"
            value={filters.status}
            onChange={(event) => setFilters({ ...filters, status: event.target.value as VideoListFilters["status"] })}
            className={selectClass}
            data-testid="videos-filter-status"
          >
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === "all" ? "Any status" : VIDEO_PHASE_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading your videos">
          {[0, 1, 2, 3, 4].map((index) => (
            <Card key={index} className="h-[4.375rem] animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" />
          ))}
        </div>
      ) : list.isError ? (
        <RetryAlert title="Your videos could not be loaded" onRetry={() => void list.refetch()}>
          {list.error.message}
        </RetryAlert>
      ) : jobs.length === 0 ? (
        <EmptyVideos filtered={filtered} onClear={() => setFilters(NO_FILTERS)} />
      ) : (
        <ol className="space-y-2" data-testid="video-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <VideoJobRow job={job} onDuplicate={onDuplicate} />
            </li>
          ))}
        </ol>
      )}

      {list.hasNextPage ? (
        <div className="flex justify-center pt-1">
          <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="videos-load-more">
            {list.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function EmptyVideos({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Card className="flex flex-col items-center justify-center gap-3 border-dashed px-6 py-16 text-center" data-testid="videos-empty">
      <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600 dark:bg-accent-500/10 dark:text-accent-400">
        <svg viewBox="0 0 20 20" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
          <path d="M2.5 5.5A1.5 1.5 0 0 1 4 4h8.5A1.5 1.5 0 0 1 14 5.5v9a1.5 1.5 0 0 1-1.5 1.5H4a1.5 1.5 0 0 1-1.5-1.5v-9Zm11.5 3 3.5-2.5v8L14 11.5" />
        </svg>
      </span>
      {filtered ? (
        <div className="space-y-2">
          <p className="font-medium">No video jobs match these filters</p>
          <Button variant="secondary" size="sm" onClick={onClear}>
            Show all jobs
          </Button>
        </div>
      ) : (
        <div>
          <p className="font-medium">No video jobs yet</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-muted">
            Describe a scene and press Generate video. Jobs take a few minutes and keep running on the server; they show up here with their progress.
          </p>
        </div>
      )}
    </Card>
  );
}
