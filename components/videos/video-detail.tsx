"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { LineageList } from "@/components/gallery/lineage-list";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DeliveredVideo } from "@/components/ui/delivered-video";
import { RetryAlert } from "@/components/ui/retry-alert";
import { Segmented } from "@/components/ui/segmented";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import { isApiError } from "@/lib/client/api";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { VIDEO_TASK_LABELS } from "@/lib/videos/video-rules";
import { referenceTags } from "./prompt-tags";
import { VideoEchoFacts, VideoSettingsFacts, VideoTimesFacts } from "./video-detail-facts";
import { VideoJobActions } from "./video-job-actions";
import { VideoJobHold } from "./video-job-hold";
import { UpstreamDeletedNote, VideoJobError, VideoJobPreparation, VideoJobWarnings } from "./video-job-notes";
import { VideoJobProgress } from "./video-job-progress";
import { deliveredSizeLabel, isActivePhase, jobClockText, phaseBadge, posterShape } from "./video-job-view";
import { UseFrame } from "./use-frame";
import { duplicateHref } from "./video-links";
import { videoQuery } from "./video-queries";
import { PromptCard } from "@/components/ui/prompt-card";

function BackLink() {
  return (
    <Link href="/videos" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
      <ActionIcon path={icons.previous} className="size-4" />
      All videos
    </Link>
  );
}

// One video job: the seekable player with its poster frame (delivery
// URLs answer Range), the 720p copy beside the original, downloads, and every setting, time and
// applied argument of the job. Read again every 5 s while the job is under way, and for new delivery
// URLs before the shown ones expire.
export function VideoDetail({ id, sharedBy }: { id: string; sharedBy?: string }) {
  const job = useQuery(videoQuery(id));
  const router = useRouter();

  if (job.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading the video">
        <BackLink />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card className="aspect-video animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" />
          <Card className="h-96 animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" />
        </div>
      </div>
    );
  }
  if (job.isError) {
    const missing = isApiError(job.error) && job.error.status === 404;
    return (
      <div className="space-y-6">
        <BackLink />
        {missing ? (
          <Card className="flex flex-col items-center gap-2 border-dashed px-6 py-16 text-center" data-testid="video-not-found">
            <p className="text-lg font-semibold">Video not found</p>
            <p className="max-w-md text-sm text-muted">It may have been deleted, or the link is wrong. Your videos are on the Videos page.</p>
          </Card>
        ) : (
          <RetryAlert title="The video could not be loaded" onRetry={() => void job.refetch()}>
            {job.error.message}
          </RetryAlert>
        )}
      </div>
    );
  }
  return (
    <VideoDetailView
      job={job.data}
      sharedBy={sharedBy}
      onDeleted={(archiveKept) => {
        if (!archiveKept) router.push("/videos");
      }}
    />
  );
}

type ViewProps = {
  job: VideoJobDto;
  /** The owner's name when the job is someone else's, shared with the viewer's team: read-only. */
  sharedBy?: string;
  onDeleted: (archiveKept: boolean) => void;
};

function VideoDetailView({ job, sharedBy, onDeleted }: ViewProps) {
  const badge = phaseBadge(job);
  const active = isActivePhase(job.phase);
  const now = useNow(1000, Date.parse(job.createdAt));
  return (
    <div className="space-y-6" data-testid="video-detail" data-phase={job.phase}>
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">Video</h1>
          <Badge tone={badge.tone}>
            {active ? <Spinner className="size-3" /> : null}
            <span data-testid="video-detail-phase">{badge.label}</span>
          </Badge>
          <span className="text-sm text-muted">{VIDEO_TASK_LABELS[job.task]}</span>
          <span className="font-mono text-sm text-muted tabular-nums">
            {jobClockText(job, now)}
          </span>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <PlayerCard job={job} />
          <PromptCard prompt={job.prompt} testId="video-detail-prompt">
            <JobInputs job={job} />
            <VideoJobPreparation preparation={job.preparation} />
            <VideoJobWarnings warnings={job.warnings} />
            <UpstreamDeletedNote job={job} />
            {job.error ? <VideoJobError error={job.error} /> : null}
            {job.hold ? <VideoJobHold hold={job.hold} /> : null}
          </PromptCard>
        </div>

        <Card className="space-y-5 p-4">
          {sharedBy === undefined ? <VideoJobActions job={job} showOpen={false} onDeleted={onDeleted} /> : <SharedJobActions job={job} ownerName={sharedBy} />}
          <LineageList title="Made from" entries={job.madeFrom ?? []} testId="video-made-from" />
          <LineageList title="Used in" entries={job.usedIn ?? []} testId="video-used-in" />
          <VideoSettingsFacts job={job} />
          <VideoTimesFacts job={job} />
          <VideoEchoFacts echo={job.echo} />
        </Card>
      </div>
    </div>
  );
}

// Someone else's job: it may be watched, downloaded and duplicated into one's own form, never
// cancelled or deleted (the owner's alone; the studio refuses them with 403).
function SharedJobActions({ job, ownerName }: { job: VideoJobDto; ownerName: string }) {
  return (
    <div className="space-y-2" data-testid="video-read-only">
      <p className="rounded-lg bg-zinc-100 px-3 py-2 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        Shared by <strong className="font-semibold">{ownerName}</strong> — read-only
      </p>
      <Link href={duplicateHref(job.id, false)} className={actionClass} data-testid="video-job-duplicate">
        <ActionIcon path={icons.reuse} className={actionIconClass} />
        Duplicate
      </Link>
    </div>
  );
}

type Version = "original" | "720p";

/** The archived video, or where the job stands while there is none yet. */
function PlayerCard({ job }: { job: VideoJobDto }) {
  const [version, setVersion] = useState<Version>("original");
  const player = useRef<HTMLVideoElement>(null);
  const shape = posterShape(job.params);
  if (!job.video) {
    const active = isActivePhase(job.phase);
    return (
      <Card className="overflow-hidden">
        <div className="grid place-items-center bg-zinc-100 p-6 dark:bg-zinc-950" style={{ aspectRatio: `${Math.max(shape.width, shape.height)} / ${Math.min(shape.width, shape.height)}` }}>
          <div className="w-full max-w-md space-y-3 text-center">
            {active ? (
              <VideoJobProgress job={job} />
            ) : (
              <p className="text-sm text-muted">{job.phase === "gone" ? "The video service dropped this job before the studio could keep its video." : "This job has no video."}</p>
            )}
          </div>
        </div>
      </Card>
    );
  }
  const shown = version === "720p" && job.delivery720p ? job.delivery720p : job.video;
  const original = deliveredSizeLabel(job.resolution);
  return (
    <Card className="overflow-hidden">
      <div className="bg-black">
        <DeliveredVideo
          ref={player}
          key={shown.id}
          controls
          preload="metadata"
          playsInline
          poster={job.video.delivery.thumbnailUrl ?? undefined}
          src={shown.delivery.url}
          className="mx-auto max-h-[70vh] w-full"
          data-testid="video-player"
          data-version={version}
        />
      </div>
      <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
        <UseFrame videoId={job.id} player={player} fileUrl={shown.url} />
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
        {job.delivery720p ? (
          <Segmented<Version>
            label="Version"
            value={version}
            options={[
              { value: "original", label: original ? `Original ${original}` : "Original" },
              { value: "720p", label: "720p" },
            ]}
            onChange={setVersion}
            testIdPrefix="video-version"
          />
        ) : null}
        <span className="ml-auto flex flex-wrap gap-1.5">
          <a href={job.video.downloadUrl} download className={actionClass} data-testid="video-download">
            <ActionIcon path={icons.download} className={actionIconClass} />
            Download{job.delivery720p ? " original" : ""}
          </a>
          {job.delivery720p ? (
            <a href={job.delivery720p.downloadUrl} download className={actionClass} data-testid="video-download-720p">
              <ActionIcon path={icons.download} className={actionIconClass} />
              Download 720p
            </a>
          ) : null}
        </span>
      </div>
    </Card>
  );
}

const SLOT_LABELS = { first: "First frame", last: "Last frame" } as const;

/** The files the job was made from, with their slot or their prompt tag. */
function JobInputs({ job }: { job: VideoJobDto }) {
  if (job.inputs.length === 0) return null;
  const references = job.inputs.filter((input) => input.slot === "reference");
  const tags = referenceTags(references);
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Input files">
      {job.inputs.map((input) => {
        const label = input.slot === "reference" ? tags[references.indexOf(input)] : SLOT_LABELS[input.slot];
        return (
          <li key={`${input.slot}-${input.assetId}`} className="w-24 space-y-1">
            <span className="grid size-24 place-items-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 text-xs text-muted dark:border-zinc-800 dark:bg-zinc-950">
              {input.asset?.delivery.thumbnailUrl ? <img src={input.asset.delivery.thumbnailUrl} alt={label} className="size-full object-cover" /> : input.asset ? input.type : "Deleted"}
            </span>
            <span className="block truncate text-center font-mono text-[11px] text-muted">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
