import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { isActiveJobState, type JobDto } from "./job-dto";
import { getOwnedJob } from "./list-jobs";
import { endJobWithoutRunner } from "./recovery";
import { abortHeldJob, JOB_STALE_AFTER_MS } from "./runner";
import { toJobDto } from "./to-job-dto";

/**
 * The owner's Cancel: written on the job, so whichever instance runs it aborts the upstream call
 * (at once here, at its next heartbeat elsewhere); a job whose runner is gone ends at once.
 * Cancelling a job that has ended changes nothing.
 */
export async function cancelJob(user: CurrentUser, jobId: string): Promise<JobDto> {
  const job = await getOwnedJob(user, jobId);
  if (!isActiveJobState(job.state)) return toJobDto(job);
  const requested = await db.job.update({ where: { id: job.id }, data: { cancelRequestedAt: job.cancelRequestedAt ?? new Date() } });
  const heldHere = abortHeldJob(job.id);
  const runnerGone = !requested.heartbeatAt || requested.heartbeatAt.getTime() < Date.now() - JOB_STALE_AFTER_MS;
  if (!heldHere && runnerGone) await endJobWithoutRunner(requested);
  return toJobDto(await db.job.findUniqueOrThrow({ where: { id: job.id } }));
}
