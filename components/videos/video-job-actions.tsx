"use client";

import Link from "next/link";
import { useState } from "react";
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
  onDeleted?: (archiveKept: boolean) => void;
};

const stopIcon = "M5.5 5.5h9v9h-9v-9Z";
const deleteIcon = "M4 6h12M8 6V4.5h4V6m-6.5 0 .7 9.6A1.5 1.5 0 0 0 7.7 17h4.6a1.5 1.5 0 0 0 1.5-1.4l.7-9.6";
const openIcon = "M11 4h5v5m0-5-7 7M8 5H5.5A1.5 1.5 0 0 0 4 6.5v8A1.5 1.5 0 0 0 5.5 16h8a1.5 1.5 0 0 0 1.5-1.5V12";

// What can be done with a job: open it, duplicate it (with its seed, when the agent gave one),
// cancel it while queued (a running job says why it cannot be, spec 3.1), delete it once finished.
export function VideoJobActions({ job, onDuplicate, showOpen = true, onDeleted }: Props) {
  const cancel = useCancelVideo();
  const [deleting, setDeleting] = useState(false);
  const active = isActivePhase(job.phase);
  const cancelRefusal = isApiError(cancel.error) ? cancel.error.error.message : cancel.error?.message;
  const duplicate = (reuseSeed: boolean, label: string, testId: string) =>
    onDuplicate ? (
      <button type="button" className={actionClass} onClick={() => onDuplicate(job, reuseSeed)} data-testid={testId}>
        <ActionIcon path={icons.reuse} className={actionIconClass} />
        {label}
      </button>
    ) : (
      <Link href={duplicateHref(job.id, reuseSeed)} className={actionClass} data-testid={testId}>
        <ActionIcon path={icons.reuse} className={actionIconClass} />
        {label}
      </Link>
    );
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap gap-1.5">
        {showOpen ? (
          <Link href={`/videos/${job.id}`} className={actionClass} data-testid="video-job-open">
            <ActionIcon path={openIcon} className={actionIconClass} />
            Open
          </Link>
        ) : null}
        {duplicate(false, "Duplicate", "video-job-duplicate")}
        {job.seed !== null ? duplicate(true, `Reuse seed ${job.seed}`, "video-job-reuse-seed") : null}
        {job.canCancel ? (
          <button type="button" className={actionClass} onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending} data-testid="video-job-cancel">
            <ActionIcon path={stopIcon} className={actionIconClass} />
            {cancel.isPending ? "Cancelling…" : "Cancel"}
          </button>
        ) : active && job.cancelBlockedReason ? (
          <button type="button" className={actionClass} disabled title={job.cancelBlockedReason} data-testid="video-job-cancel">
            <ActionIcon path={stopIcon} className={actionIconClass} />
            Cancel
          </button>
        ) : null}
        {job.finished ? (
          <button type="button" className={actionClass} onClick={() => setDeleting(true)} data-testid="video-job-delete">
            <ActionIcon path={deleteIcon} className={actionIconClass} />
            {job.upstreamDeletedAt ? "Remove archived copy" : "Delete"}
          </button>
        ) : null}
      </div>
      {!job.canCancel && active && job.cancelBlockedReason ? (
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
