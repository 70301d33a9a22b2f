// Pure: a job's state in words, with its place in line or its round (labels from lib/jobs/job-dto).
import { JOB_STATE_LABELS, WAITING_FOR_PLACE_LABEL, type JobDto } from "@/lib/jobs/job-dto";

export function jobStatusText(job: Pick<JobDto, "state" | "queuePosition" | "round"> & Partial<Pick<JobDto, "waitingForPlace">>): string {
  if (job.waitingForPlace) return WAITING_FOR_PLACE_LABEL;
  const label = JOB_STATE_LABELS[job.state];
  if (job.state === "waiting" && job.queuePosition !== null) return `${label}, position ${job.queuePosition}`;
  // The v3.5 stream counts rounds from 0 (spec 2.2); people count from 1.
  if (job.state === "generating" && job.round !== null) return `${label} (round ${job.round + 1})`;
  return label;
}
