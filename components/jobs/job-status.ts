// Pure: a job's state in words, with its place in line or its round (labels from lib/jobs/job-dto).
import { isActiveJobState, JOB_STATE_LABELS, ON_HOLD_LABEL, WAITING_FOR_PLACE_LABEL, type JobDto } from "@/lib/jobs/job-dto";

export function jobStatusText(job: Pick<JobDto, "state" | "queuePosition" | "round"> & Partial<Pick<JobDto, "waitingForPlace" | "error">>): string {
  if (job.waitingForPlace) return WAITING_FOR_PLACE_LABEL;
  if (heldReason(job)) return ON_HOLD_LABEL;
  const label = JOB_STATE_LABELS[job.state];
  if (job.state === "waiting" && job.queuePosition !== null) return `${label}, position ${job.queuePosition}`;
  // The v3.5 stream counts rounds from 0 (spec 2.2); people count from 1.
  if (job.state === "generating" && job.round !== null) return `${label} (round ${job.round + 1})`;
  return label;
}

/**
 * Why a job that has not ended is held, when it is held by something other than its place in line:
 * an unreachable service, whose sentence says since when and that the job continues by itself.
 */
export function heldReason(job: Pick<JobDto, "state"> & Partial<Pick<JobDto, "error">>): string | null {
  return isActiveJobState(job.state) && job.error ? job.error.message : null;
}
