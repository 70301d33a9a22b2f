"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { isApiError } from "@/lib/client/api";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { DeleteVideoDialog } from "./delete-video-dialog";
import { useCancelVideo } from "./use-video-actions";
import { isActivePhase } from "./video-job-view";
import { duplicateHref } from "./video-links";

type Props = {
  job: VideoJobDto;
  /** Refills the form on this page; without it, Duplicate opens the videos page refilled. */
  onDuplicate?: (job: VideoJobDto, reuseSeed: boolean) => void;
  /** The detail page has no "Open". */
  showOpen?: boolean;
  /**
   * The dashboard's one-line row: icon buttons named by their tooltip, with Download and without
   * Open (the row's poster opens the job) or Reuse seed (in the row's details).
   */
  compact?: boolean;
  onDeleted?: (archiveKept: boolean) => void;
};

const stopIcon = "M5.5 5.5h9v9h-9v-9Z";
const deleteIcon = "M4 6h12M8 6V4.5h4V6m-6.5 0 .7 9.6A1.5 1.5 0 0 0 7.7 17h4.6a1.5 1.5 0 0 0 1.5-1.4l.7-9.6";
const openIcon = "M11 4h5v5m0-5-7 7M8 5H5.5A1.5 1.5 0 0 0 4 6.5v8A1.5 1.5 0 0 0 5.5 16h8a1.5 1.5 0 0 0 1.5-1.5V12";

const iconOnlyClass =
  "inline-grid size-8 place-items-center rounded-lg text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

// What can be done with a job: open it, download it, duplicate it (with its seed, when the agent
// gave one), cancel it while queued (a running job says why it cannot be, spec 3.1), delete it once
// finished.
export function VideoJobActions({ job, onDuplicate, showOpen = true, compact = false, onDeleted }: Props) {
  const cancel = useCancelVideo();
  const [deleting, setDeleting] = useState(false);
  const active = isActivePhase(job.phase);
  const cancelRefusal = isApiError(cancel.error) ? cancel.error.error.message : cancel.error?.message;
  const className = compact ? iconOnlyClass : actionClass;
  /** The icon and its words: shown beside it, or (compact) its tooltip and accessible name. */
  const content = (path: string, label: string): ReactNode => (
    <>
      <ActionIcon path={path} className={compact ? "size-4" : actionIconClass} />
      <span className={compact ? "sr-only" : undefined}>{label}</span>
    </>
  );
  const tip = (label: string) => (compact ? label : undefined);
  const duplicate = (reuseSeed: boolean, label: string, testId: string) =>
    onDuplicate ? (
      <button type="button" className={className} title={tip(label)} onClick={() => onDuplicate(job, reuseSeed)} data-testid={testId}>
        {content(icons.reuse, label)}
      </button>
    ) : (
      <Link href={duplicateHref(job.id, reuseSeed)} className={className} title={tip(label)} data-testid={testId}>
        {content(icons.reuse, label)}
      </Link>
    );
  const deleteLabel = job.upstreamDeletedAt ? "Remove archived copy" : "Delete";
  return (
    <div className={compact ? "flex flex-col items-end gap-1" : "space-y-1.5"}>
      <div className={compact ? "flex gap-0.5" : "flex flex-wrap gap-1.5"}>
        {showOpen && !compact ? (
          <Link href={`/videos/${job.id}`} className={actionClass} data-testid="video-job-open">
            <ActionIcon path={openIcon} className={actionIconClass} />
            Open
          </Link>
        ) : null}
        {compact && job.video ? (
          <a href={job.video.downloadUrl} download className={className} title="Download" data-testid="video-job-download">
            {content(icons.download, "Download")}
          </a>
        ) : null}
        {duplicate(false, "Duplicate", "video-job-duplicate")}
        {job.seed !== null && !compact ? duplicate(true, `Reuse seed ${job.seed}`, "video-job-reuse-seed") : null}
        {job.canCancel ? (
          <button type="button" className={className} title={tip("Cancel")} onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending} data-testid="video-job-cancel">
            {content(stopIcon, cancel.isPending ? "Cancelling…" : "Cancel")}
          </button>
        ) : active && job.cancelBlockedReason ? (
          <button type="button" className={className} disabled title={job.cancelBlockedReason} data-testid="video-job-cancel">
            {content(stopIcon, "Cancel")}
          </button>
        ) : null}
        {job.finished ? (
          <button type="button" className={className} title={tip(deleteLabel)} onClick={() => setDeleting(true)} data-testid="video-job-delete">
            {content(deleteIcon, deleteLabel)}
          </button>
        ) : null}
      </div>
      {!compact && !job.canCancel && active && job.cancelBlockedReason ? (
        <p className="text-xs text-muted" data-testid="video-job-cancel-blocked">
          {job.cancelBlockedReason}
        </p>
      ) : null}
      {cancelRefusal ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400" data-testid="video-job-cancel-error">
          {cancelRefusal}
        </p>
      ) : null}
      {job.finished ? <DeleteVideoDialog job={job} open={deleting} onClose={() => setDeleting(false)} onDeleted={onDeleted} /> : null}
    </div>
  );
}
