"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import type { VideoTask } from "@/lib/upstream/video/limits";
import type { PartitionDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";

type Props = {
  task: VideoTask;
  partition: UseQueryResult<PartitionDto>;
  /** Why the task cannot be submitted now (lib/videos/partition-rule), null when it can. */
  problem: string | null;
};

// Whether the video service's loaded mode suits the chosen task (spec 2.6, 3.2). While it does not,
// the form reads it again every 12 s and Submit waits.
export function PartitionStatus({ task, partition, problem }: Props) {
  const base = "flex items-start gap-2.5 rounded-xl border px-3 py-2.5 text-[13px]";
  if (partition.isPending) {
    return (
      <div className={`${base} border-zinc-200 text-muted dark:border-zinc-800`} data-testid="partition-status" data-usable="unknown">
        <Spinner className="mt-0.5 size-3.5" />
        Checking the video service’s mode…
      </div>
    );
  }
  if (partition.isError) {
    return (
      <div className={`${base} border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100`} data-testid="partition-status" data-usable="unknown">
        <span className="min-w-0 flex-1">
          The video service’s mode could not be read ({partition.error.message}). A submit is checked again by the server.
        </span>
        <button type="button" onClick={() => void partition.refetch()} className="shrink-0 font-medium underline-offset-2 hover:underline">
          Check again
        </button>
      </div>
    );
  }
  const { current, state } = partition.data;
  if (problem === null) {
    return (
      <div className={`${base} border-emerald-200 bg-emerald-50/70 text-emerald-900 dark:border-emerald-500/20 dark:bg-emerald-500/10 dark:text-emerald-100`} data-testid="partition-status" data-usable="true">
        <span className="mt-1 size-2 shrink-0 rounded-full bg-emerald-500" aria-hidden />
        <span>
          Ready for {VIDEO_TASK_LABELS[task]} · loaded mode <span className="font-mono">{current}</span>
        </span>
      </div>
    );
  }
  return (
    <div
      role="status"
      className={`${base} border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100`}
      data-testid="partition-status"
      data-usable="false"
    >
      <Spinner className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
      <span className="min-w-0 space-y-0.5">
        <span className="block font-medium">{state === "switching" ? "Submissions are held while the video service switches mode" : `${VIDEO_TASK_LABELS[task]} cannot be submitted now`}</span>
        <span className="block opacity-90">{problem}</span>
        <span className="block text-xs opacity-75">
          Loaded: <span className="font-mono">{current || "none"}</span> · state <span className="font-mono">{state}</span> · checked every 12 s
        </span>
      </span>
    </div>
  );
}
