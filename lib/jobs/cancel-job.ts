import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { announceJobCancelAtCommit } from "@/lib/wakeups/channel";
import { isActiveJobState, type JobDto } from "./job-dto";
import { getOwnedJob } from "./list-jobs";
import { endJobWithoutRunner } from "./recovery";
import { JOB_STALE_AFTER_MS } from "./runner";
import { toJobDto } from "./to-job-dto";

/**
 * The owner's Cancel: written on the job and announced to the workers in the same transaction, so
 * the worker running it aborts the upstream call at once (its heartbeat finds the cancel too, should
 * the announcement be missed). A job no worker holds (still queued, or its runner gone) ends at once:
 * a worker never takes up a job whose cancel was asked for (lib/engine/run-queued-job).
 * Cancelling a job that has ended changes nothing.
 */
export async function cancelJob(user: CurrentUser, jobId: string): Promise<JobDto> {
  const job = await getOwnedJob(user, jobId);
  if (!isActiveJobState(job.state)) return toJobDto(job);
  const requested = await db.$transaction(async (tx) => {
    const updated = await tx.job.update({ where: { id: job.id }, data: { cancelRequestedAt: job.cancelRequestedAt ?? new Date() } });
    await announceJobCancelAtCommit(tx, job.id);
    return updated;
  });
  const runnerGone = !requested.heartbeatAt || requested.heartbeatAt.getTime() < Date.now() - JOB_STALE_AFTER_MS;
  if (runnerGone) await endJobWithoutRunner(requested);
  return toJobDto(await db.job.findUniqueOrThrow({ where: { id: job.id } }));
}
