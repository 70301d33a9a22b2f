import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { lockOwnerJobs, type OwnerLockedTx } from "./job-changes";
import { ACTIVE_JOB_STATES } from "./job-dto";

// A hint, not a promise: running work ends when the upstream answers (seconds to a few minutes), and
// nothing tells the studio when. A short wait lets a client that polls take a freed place soon.
const RETRY_AFTER_SECONDS = 10;

export function runningLimitMessage(limit: number): string {
  return limit === 1
    ? "You already have 1 generation running. Wait for it to finish or cancel it."
    : `You already have ${limit} generations running. Wait for one to finish or cancel one.`;
}

/**
 * The user's image jobs that have not ended. Video jobs wait minutes in the agent's own queue, whose
 * capacity the agent enforces (spec 4.4 `queue_full`): they hold no place in the image line.
 */
function countRunning(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  return tx.job.count({ where: { ownerId: userId, kind: { not: "video" }, state: { in: [...ACTIVE_JOB_STATES] } } });
}

// One user may hold at most USER_MAX_RUNNING_GENERATIONS places at once, so nobody can fill the
// team's shared upstream line (lib/upstream/concurrency-gate) alone. `insert` writes the new job and
// its row; it runs in the same transaction as the count, under the user's job lock, so two studio
// instances on one PostgreSQL cannot both see a free place and both take it. Inside `insert` use
// only `tx`: another connection would not see the uncommitted rows, nor wait for the lock.
export function startWithinRunningLimit<T>(userId: string, insert: (tx: OwnerLockedTx) => Promise<T>): Promise<T> {
  const limit = env().USER_MAX_RUNNING_GENERATIONS;
  return db.$transaction(async (transaction) => {
    const tx = await lockOwnerJobs(transaction, userId);
    if ((await countRunning(tx, userId)) >= limit) {
      // The wait reaches the body too (ClientError.retryAfterSeconds, lib/http/client-error).
      throw new AppError("rate_limited", runningLimitMessage(limit), [], { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    return insert(tx);
  });
}
