"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import { formatRelative } from "@/components/chat/format";
import { ResultMeta as Meta } from "@/components/images/result-card";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-schemas";
import { VideoJobActions } from "./video-job-actions";
import { UpstreamDeletedNote, VideoJobError, VideoJobPreparation, VideoJobWarnings } from "./video-job-notes";
import { VideoJobProgress } from "./video-job-progress";
import { deliveredSizeLabel, isActivePhase, jobClockText, phaseBadge, posterShape, requestedSizeLabel } from "./video-job-view";

type Props = {
  job: VideoJobDto;
  onDuplicate: (job: VideoJobDto, reuseSeed: boolean) => void;
};

/** The job's clock: running while it is under way, its total once it has ended. */
function JobClock({ job }: { job: VideoJobDto }) {
  const active = isActivePhase(job.phase);
  // An ended job's clock stands still: no need to wake every second for it.
  const now = useNow(active ? 1000 : 60_000);
  return (
    <span className="font-mono text-xs text-muted tabular-nums" data-testid="video-job-elapsed" title={active ? "Time since it was submitted" : "Time from submit to result"}>
      {jobClockText(job, now)}
    </span>
  );
}

/** The poster frame once the video is archived; while it is not, a box of the requested shape saying where it stands. */
function Poster({ job }: { job: VideoJobDto }) {
  const shape = posterShape(job.params);
  const active = isActivePhase(job.phase);
  const poster = job.video?.thumbnailUrl;
  return (
    <Link
      href={`/videos/${job.id}`}
      aria-label="Open the video"
      className="relative grid aspect-video place-items-center overflow-hidden bg-zinc-100 @2xl:aspect-auto @2xl:h-full @2xl:min-h-44 dark:bg-zinc-950"
    >
      {poster ? (
        <>
          <img src={poster} alt={`Poster frame of “${job.prompt}”`} className="absolute inset-0 size-full object-cover" data-testid="video-job-poster" />
          <span className="absolute grid size-11 place-items-center rounded-full bg-black/55 text-white shadow-lg" aria-hidden>
            <svg viewBox="0 0 20 20" className="ml-0.5 size-5" fill="currentColor">
              <path d="M6 4.5v11l9-5.5-9-5.5Z" />
            </svg>
          </span>
        </>
      ) : (
        <span
          className={`grid max-h-[75%] max-w-[80%] place-items-center rounded-md bg-gradient-to-br from-accent-100 via-zinc-200 to-accent-50 text-muted dark:from-accent-500/15 dark:via-zinc-800 dark:to-zinc-900 ${active ? "animate-pulse" : ""}`}
          style={{ aspectRatio: `${shape.width} / ${shape.height}`, ...(shape.width >= shape.height ? { width: "80%" } : { height: "75%" }) }}
        >
          {active ? <Spinner className="size-5 text-accent-600 dark:text-accent-400" /> : <span className="text-xs">No video</span>}
        </span>
      )}
    </Link>
  );
}

// One job of the dashboard (issue 11): poster, prompt, task and phase, where it stands (place in
// line, clock, stages), what was asked against what came, warnings and errors, and what can be done.
export function VideoJobCard({ job, onDuplicate }: Props) {
  const badge = phaseBadge(job);
  const active = isActivePhase(job.phase);
  const delivered = deliveredSizeLabel(job.resolution);
  const now = useNow(30_000);
  return (
    <Card className="@container overflow-hidden" role="article" aria-label={`Video job: ${job.prompt}`} data-testid="video-job" data-phase={job.phase} data-id={job.id}>
      {/* Laid out by the card's own width (a container query): the list column is narrow beside the form. */}
      <div className="@2xl:grid @2xl:grid-cols-[13rem_minmax(0,1fr)]">
        <div className="border-b border-zinc-200 @2xl:border-r @2xl:border-b-0 dark:border-zinc-800">
          <Poster job={job} />
        </div>
        <div className="min-w-0 space-y-3 p-4">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge tone={badge.tone}>
              {active ? <Spinner className="size-3" /> : null}
              <span data-testid="video-job-phase">{badge.label}</span>
            </Badge>
            <span className="text-[11px] font-medium tracking-wide text-muted uppercase">{VIDEO_TASK_LABELS[job.task]}</span>
            <span className="ml-auto flex items-center gap-2 text-xs text-muted">
              <time dateTime={job.createdAt} title={new Date(job.createdAt).toLocaleString()}>
                {formatRelative(job.createdAt, now)}
              </time>
              <span aria-hidden>·</span>
              <JobClock job={job} />
            </span>
          </div>

          <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-wrap text-zinc-900 dark:text-zinc-100" title={job.prompt}>
            {job.prompt}
          </p>

          {active ? <VideoJobProgress job={job} /> : null}

          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 @4xl:grid-cols-4">
            <Meta label="Duration">{job.params.durationSeconds} s</Meta>
            <Meta label="Requested">{requestedSizeLabel(job.params)}</Meta>
            <Meta label="Delivered">
              <span data-testid="video-job-resolution">{delivered ?? "—"}</span>
              {job.delivery720p ? " · 720p copy" : job.params.delivery720p && active ? " · 720p to come" : null}
            </Meta>
            <Meta label="Seed">{job.seed ?? job.params.advanced.seed ?? "random"}</Meta>
          </dl>

          <VideoJobPreparation preparation={job.preparation} />
          <VideoJobWarnings warnings={job.warnings} />
          <UpstreamDeletedNote job={job} />
          {job.error ? <VideoJobError error={job.error} /> : null}

          <VideoJobActions job={job} onDuplicate={onDuplicate} />
        </div>
      </div>
    </Card>
  );
}
