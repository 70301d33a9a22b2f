"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import { TimeAgo } from "@/components/ui/local-time";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";
import { VideoJobActions } from "./video-job-actions";
import { VideoJobDetails } from "./video-job-details";
import { videoFailureTitle, videoHoldTitle } from "./video-error-copy";
import { isActivePhase, jobClockText, phaseBadge } from "./video-job-view";

type Props = {
  job: VideoJobDto;
  onDuplicate: (job: VideoJobDto, reuseSeed: boolean) => void;
};

/** The job's clock: running while it is under way, its total once it has ended (the activity tray's words). */
function JobClock({ job }: { job: VideoJobDto }) {
  const active = isActivePhase(job.phase);
  // An ended job's clock stands still: no need to wake every second for it.
  const now = useNow(active ? 1000 : 60_000, Date.parse(job.createdAt));
  return (
    // A running clock drawn by the server is a second or so behind the browser's first render: the
    // browser keeps the server's figure until its next tick instead of redrawing the page over it.
    <span suppressHydrationWarning className="shrink-0 font-mono tabular-nums" data-testid="video-job-elapsed" title={active ? "Time since it was submitted" : "Time from submit to result"}>
      {jobClockText(job, now)}
    </span>
  );
}

/** A small poster frame that opens the job's page; while there is no video, a placeholder saying whether one is coming. */
function Thumbnail({ job }: { job: VideoJobDto }) {
  const poster = job.video?.delivery.thumbnailUrl;
  return (
    <Link
      href={`/videos/${job.id}`}
      aria-label="Open the video"
      className="relative grid aspect-video w-20 shrink-0 sm:w-24 place-items-center overflow-hidden rounded-md bg-zinc-100 text-muted dark:bg-zinc-950"
    >
      {poster ? (
        <>
          <img src={poster} alt={`Poster frame of “${job.prompt}”`} className="absolute inset-0 size-full object-cover" data-testid="video-job-poster" />
          <span className="absolute grid size-6 place-items-center rounded-full bg-black/55 text-white" aria-hidden>
            <svg viewBox="0 0 20 20" className="ml-px size-3" fill="currentColor">
              <path d="M6 4.5v11l9-5.5-9-5.5Z" />
            </svg>
          </span>
        </>
      ) : isActivePhase(job.phase) ? (
        <Spinner className="size-4 text-accent-600 dark:text-accent-400" />
      ) : (
        <span className="text-[11px]">No video</span>
      )}
    </Link>
  );
}

const chevronPath = "M5.5 7.5 10 12l4.5-4.5";

// One job of the dashboard: a row of its poster, prompt, state, times and quick actions; opened, it
// shows the player, its parameters, notes and every action in place.
export function VideoJobRow({ job, onDuplicate }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const badge = phaseBadge(job);
  const active = isActivePhase(job.phase);
  return (
    <Card className="overflow-hidden" role="article" aria-label={`Video job: ${job.prompt}`} data-testid="video-job" data-phase={job.phase} data-id={job.id} data-expanded={open}>
      <div className="flex items-center gap-2 p-2 sm:gap-3">
        <Thumbnail job={job} />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen(!open)}
          className="flex min-w-0 flex-1 items-center gap-2 self-stretch rounded-lg px-1.5 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800/60"
          data-testid="video-job-toggle"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm text-zinc-900 dark:text-zinc-100" title={job.prompt}>
              {job.prompt}
            </span>
            <span className="mt-1 flex min-w-0 items-center gap-x-2 text-xs text-muted">
              <Badge tone={badge.tone}>
                {active ? <Spinner className="size-3" /> : null}
                <span className="whitespace-nowrap" data-testid="video-job-phase">
                  {badge.label}
                </span>
              </Badge>
              {job.error ? (
                <span className="truncate text-red-700 dark:text-red-400" title={job.error.message}>
                  {videoFailureTitle(job.error.code, "The job failed")}
                </span>
              ) : null}
              {job.hold ? (
                <span className="truncate text-amber-700 dark:text-amber-400" title={job.hold.message}>
                  {videoHoldTitle(job.hold.code)}
                </span>
              ) : null}
              <span className="truncate">{VIDEO_TASK_LABELS[job.task]}</span>
              <span className="ml-auto flex shrink-0 items-center gap-1.5">
                <TimeAgo className="hidden sm:inline" iso={job.createdAt} />
                <span className="hidden sm:inline" aria-hidden>
                  ·
                </span>
                <JobClock job={job} />
              </span>
            </span>
          </span>
          <svg viewBox="0 0 20 20" className={`size-4 shrink-0 text-muted transition-transform ${open ? "rotate-180" : ""}`} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d={chevronPath} />
          </svg>
          <span className="sr-only">{open ? "Hide details" : "Show details"}</span>
        </button>
        {/* Opened, the details hold every action; the row's icons would only repeat them. A phone
            gives the prompt the room instead, and keeps the actions in the details. */}
        {open ? null : (
          <div className="hidden sm:block">
            <VideoJobActions job={job} onDuplicate={onDuplicate} compact />
          </div>
        )}
      </div>
      {open ? (
        <div id={detailsId}>
          <VideoJobDetails job={job} onDuplicate={onDuplicate} />
        </div>
      ) : null}
    </Card>
  );
}
