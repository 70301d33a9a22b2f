"use client";

import type { VideoJobDto } from "@/lib/videos/video-dto";
import { activeDetail, stageIndex, VIDEO_STAGES } from "./video-job-view";

// Where an active job stands on its normal path (spec 3.1 queued → running → completed, then the
// studio's archive): stepped stages, the current one pulsing (the service reports no percentage,
// so none is invented), and what is happening in a sentence.
export function VideoJobProgress({ job }: { job: Pick<VideoJobDto, "phase" | "queuePosition" | "params" | "hold"> }) {
  const current = stageIndex(job.phase);
  return (
    <div className="space-y-2" data-testid="video-job-progress">
      <ol className="flex items-start gap-1.5" aria-label="Progress">
        {VIDEO_STAGES.map((stage, index) => {
          const state = index < current ? "done" : index === current ? "now" : "todo";
          return (
            <li key={stage.label} className="flex min-w-0 flex-1 flex-col gap-1" aria-current={state === "now" ? "step" : undefined}>
              <span
                className={`h-1 rounded-full ${state === "done" ? "bg-accent-500" : state === "now" ? "animate-pulse bg-accent-500" : "bg-zinc-200 dark:bg-zinc-700"}`}
              />
              <span className={`truncate text-[10px] ${state === "todo" ? "text-muted" : "text-zinc-600 dark:text-zinc-300"}`}>{stage.label}</span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{activeDetail(job)}</p>
    </div>
  );
}
