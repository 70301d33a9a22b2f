import "server-only";
import { db } from "@/lib/db/client";
import type { Job } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { endLinkedRun } from "./end-linked-run";
import { changeJob } from "./job-changes";
import { ACTIVE_JOB_STATES } from "./job-dto";
import { CANCELLED, INTERRUPTED } from "./job-failures";
import { abortHeldJob, heldJobIds, JOB_STALE_AFTER_MS, RUNNER_ID } from "./runner";

/**
 * Ends the active jobs that no live runner holds: another process (one that died) took them and their
 * heartbeat is older than `heartbeatBefore`. A job whose owner asked to cancel ends cancelled, any
 * other interrupted, and its generation or turn ends the same way, so nothing stays in progress. Such
 * a job is never run again by itself: its upstream call may have been sent, and it costs money.
 * A job no runner has taken yet is waiting in the workers' queue (lib/jobs/work-queues) and is left there.
 */
export async function endAbandonedJobs(heartbeatBefore: Date): Promise<number> {
  const abandoned = await db.job.findMany({
    where: {
      state: { in: [...ACTIVE_JOB_STATES] },
      // Video jobs have no runner to lose: any worker takes up their steps by lease after a restart
      // (lib/videos/run-video-step).
      kind: { not: "video" },
      AND: [{ runnerId: { not: null } }, { runnerId: { not: RUNNER_ID } }],
      heartbeatAt: { lt: heartbeatBefore },
    },
  });
  let ended = 0;
  for (const job of abandoned) if (await endJobWithoutRunner(job)) ended += 1;
  return ended;
}

/** Ends a job nobody runs (any more); false when it had already ended. */
export async function endJobWithoutRunner(job: Job): Promise<boolean> {
  const cancelled = job.cancelRequestedAt !== null;
  const failure = cancelled ? CANCELLED : INTERRUPTED;
  // The generation or turn ends in the same transaction as the job, as a runner's end does.
  const ended = await changeJob(job, { state: cancelled ? "cancelled" : "interrupted", ...failure, queuePosition: null, finishedAt: new Date() }, (tx) => endLinkedRun(tx, job, failure));
  return ended !== null;
}

/**
 * Ends the jobs this process holds as a sweep would end them (interrupted, or cancelled when asked),
 * then aborts their work, whose own end then changes nothing: the process is stopping, and a stop
 * neither waits for a generation to finish nor leaves it for the sweep.
 */
export async function interruptHeldJobs(): Promise<void> {
  const ids = heldJobIds();
  if (ids.length === 0) return;
  for (const job of await db.job.findMany({ where: { id: { in: ids } } })) await endJobWithoutRunner(job);
  for (const id of ids) abortHeldJob(id);
}

// Generations and turns left pending by a studio from before jobs existed: nothing will end them.
async function endPendingWithoutJob(startedBefore: Date) {
  const where = { status: "pending" as const, createdAt: { lt: startedBefore }, job: { is: null } };
  const data = { status: "failed" as const, ...INTERRUPTED, completedAt: new Date() };
  const [generations, turns] = await Promise.all([db.generation.updateMany({ where, data }), db.turn.updateMany({ where, data })]);
  return generations.count + turns.count;
}

/**
 * At a worker's start: when it is the database's only one (`npm start`'s embedded database), every
 * image job a runner had taken was cut off by the restart and ends now; otherwise other workers may
 * be running theirs, so only jobs whose heartbeat stopped end. Workers that die later are swept by
 * the scheduled run (lib/engine/queues).
 */
export async function recoverJobsAtStart(options: { singleProcess: boolean }): Promise<void> {
  const now = new Date();
  const ended = await endAbandonedJobs(options.singleProcess ? now : new Date(now.getTime() - JOB_STALE_AFTER_MS));
  const legacy = await endPendingWithoutJob(now);
  if (ended || legacy) log.warn({ jobs: ended, rowsWithoutJob: legacy }, "ended work interrupted by the last restart");
}
