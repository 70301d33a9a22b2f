"use client";

import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { DeliveredVideo } from "@/components/ui/delivered-video";
import { Spinner } from "@/components/ui/spinner";
import { ResultMeta as Meta } from "@/components/images/result-card";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { VideoJobActions } from "./video-job-actions";
import { VideoJobHold } from "./video-job-hold";
import { UpstreamDeletedNote, VideoJobError, VideoJobPreparation, VideoJobWarnings } from "./video-job-notes";
import { VideoJobProgress } from "./video-job-progress";
import { deliveredSizeLabel, isActivePhase, posterShape, requestedSizeLabel } from "./video-job-view";

type Props = {
  job: VideoJobDto;
  onDuplicate: (job: VideoJobDto, reuseSeed: boolean) => void;
};

/** The archived video, playable in place; while there is none, a box of the requested shape saying where the job stands. */
function InlinePlayer({ job }: { job: VideoJobDto }) {
  if (job.video) {
    return (
      <div className="space-y-2">
        <DeliveredVideo
          controls
          preload="none"
          playsInline
          poster={job.video.delivery.thumbnailUrl ?? undefined}
          src={job.video.delivery.url}
          className="aspect-video w-full rounded-lg bg-black object-contain"
          data-testid="video-job-player"
        />
        <a href={job.video.downloadUrl} download className={actionClass} data-testid="video-job-details-download">
          <ActionIcon path={icons.download} className={actionIconClass} />
          Download
        </a>
      </div>
    );
  }
  const shape = posterShape(job.params);
  const active = isActivePhase(job.phase);
  return (
    <div className="grid aspect-video place-items-center rounded-lg bg-zinc-100 dark:bg-zinc-950">
      <span
        className={`grid max-h-[75%] max-w-[80%] place-items-center rounded-md bg-gradient-to-br from-accent-100 via-zinc-200 to-accent-50 text-muted dark:from-accent-500/15 dark:via-zinc-800 dark:to-zinc-900 ${active ? "animate-pulse" : ""}`}
        style={{ aspectRatio: `${shape.width} / ${shape.height}`, ...(shape.width >= shape.height ? { width: "80%" } : { height: "75%" }) }}
      >
        {active ? <Spinner className="size-5 text-accent-600 dark:text-accent-400" /> : <span className="text-xs">No video</span>}
      </span>
    </div>
  );
}

// Everything a dashboard row holds back until it is opened: the player, the whole prompt, where an
// active job stands, what was asked against what came, the service's notes and errors, and every action.
export function VideoJobDetails({ job, onDuplicate }: Props) {
  const active = isActivePhase(job.phase);
  const delivered = deliveredSizeLabel(job.resolution);
  return (
    <div className="@container border-t border-zinc-200 p-4 dark:border-zinc-800" data-testid="video-job-details">
      <div className="space-y-4 @xl:grid @xl:grid-cols-[15rem_minmax(0,1fr)] @xl:gap-5 @xl:space-y-0">
        <InlinePlayer job={job} />
        <div className="min-w-0 space-y-3">
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100" data-testid="video-job-prompt">
            {job.prompt}
          </p>

          {active ? <VideoJobProgress job={job} /> : null}

          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 @3xl:grid-cols-4">
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
          {job.hold ? <VideoJobHold hold={job.hold} /> : null}

          <VideoJobActions job={job} onDuplicate={onDuplicate} />
        </div>
      </div>
    </div>
  );
}
