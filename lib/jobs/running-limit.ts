import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Job, Prisma } from "@/lib/generated/prisma/client";
import { changeJobIf, lockOwnerJobs, type OwnerLockedTx } from "./job-changes";
import { ACTIVE_JOB_STATES } from "./job-dto";
import { assertWithinQueueCap } from "./queue-caps";
import { nextWake, wakeCount } from "@/lib/wakeups/process-wakeups";

// A hint, not a promise: running work ends when the upstream answers (seconds to a few minutes), and
// nothing tells the studio when. A short wait lets a client that polls take a freed place soon.
const RETRY_AFTER_SECONDS = 10;
/** How often a waiting job looks again for a place freed by another studio instance (this one's wake it at once). */
const PLACE_POLL_MS = 2_000;

export function runningLimitMessage(limit: number): string {
  return limit === 1
    ? "You already have 1 generation running. Wait for it to finish or cancel it."
    : `You already have ${limit} generations running. Wait for one to finish or cancel one.`;
}

/**
 * The user's image jobs that have not ended. Video jobs wait minutes in the agent's own queue, whose
 * capacity the agent enforces (spec 4.4 `queue_full`): they hold no place in the image line.
 */
function activeJobs(userId: string) {
  return { ownerId: userId, kind: { not: "video" }, state: { in: [...ACTIVE_JOB_STATES] } } satisfies Prisma.JobWhereInput;
}

/**
 * Which jobs of one start take a running place at once: `startedAt(index)` is now for the first
 * free places and null for the others, which wait for theirs in `waitForRunningPlace`.
 */
type RunningPlaces = { startedAt: (index: number) => Date | null };

// One user may hold at most USER_MAX_RUNNING_GENERATIONS places at once, so nobody can fill the
// team's shared upstream line (lib/upstream/concurrency-gate) alone. A start is accepted while the
// user's unended jobs (running or waiting) are fewer than the limit: a single job then always runs
// at once, and a set of variations runs as many as there are free places while the rest wait, so
// waiting jobs stay bounded by the largest set. `insert` writes the new jobs and their rows; it runs
// in the same transaction as the count, under the user's job lock, so two studio instances on one
// PostgreSQL cannot both see a free place and both take it. Inside `insert` use only `tx`: another
// connection would not see the uncommitted rows, nor wait for the lock. A start that leaves the user
// with more jobs than their role's cap (lib/jobs/queue-caps) is refused and its rows taken back.
export function startWithinRunningLimit<T>(userId: string, insert: (tx: OwnerLockedTx, places: RunningPlaces) => Promise<T>): Promise<T> {
  const limit = env().USER_MAX_RUNNING_GENERATIONS;
  return db.$transaction(async (transaction) => {
    const tx = await lockOwnerJobs(transaction, userId);
    const active = await tx.job.count({ where: activeJobs(userId) });
    if (active >= limit) {
      // The wait reaches the body too (ClientError.retryAfterSeconds, lib/http/client-error).
      throw new AppError("rate_limited", runningLimitMessage(limit), [], { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    const now = new Date();
    const started = await insert(tx, { startedAt: (index) => (index < limit - active ? now : null) });
    await assertWithinQueueCap(tx, userId, () => tx.job.count({ where: activeJobs(userId) }));
    return started;
  });
}

/**
 * Resolves once the job holds one of its owner's running places: at once for a job that took one
 * when it was made; otherwise when fewer than the limit run and no job of the owner's that waits
 * longer is still waiting (first come, first served). Rejects when `signal` aborts (a cancel).
 */
export async function waitForRunningPlace(job: Pick<Job, "id" | "ownerId" | "createdAt" | "startedAt">, signal: AbortSignal): Promise<void> {
  if (job.startedAt) return;
  for (;;) {
    signal.throwIfAborted();
    const seen = wakeCount(job.ownerId);
    if (await takeRunningPlace(job)) return;
    await nextWake(job.ownerId, seen, PLACE_POLL_MS, signal);
  }
}

async function takeRunningPlace(job: Pick<Job, "id" | "ownerId" | "createdAt">): Promise<boolean> {
  const limit = env().USER_MAX_RUNNING_GENERATIONS;
  const placeFree = async (tx: OwnerLockedTx) => {
    const running = await tx.job.count({ where: { ...activeJobs(job.ownerId), startedAt: { not: null } } });
    const waitingLonger = await tx.job.count({
      where: { ...activeJobs(job.ownerId), startedAt: null, OR: [{ createdAt: { lt: job.createdAt } }, { createdAt: job.createdAt, id: { lt: job.id } }] },
    });
    return running + waitingLonger < limit;
  };
  // A job that ended meanwhile changes no more; its cancel reaches `signal` (lib/jobs/runner's heartbeat).
  return (await changeJobIf(job, placeFree, { startedAt: new Date() })) !== null;
}
