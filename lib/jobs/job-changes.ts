import "server-only";
import { reserveJobCost, type JobCharge } from "@/lib/budgets/reserve";
import { settleJobCharge } from "@/lib/budgets/settle";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { db } from "@/lib/db/client";
import { hasErrorName } from "@/lib/error-name";
import { Prisma, type Job } from "@/lib/generated/prisma/client";
import { wakeJobStreamsCall } from "@/lib/wakeups/channel";
import { ACTIVE_JOB_STATES, isActiveJobState } from "./job-dto";
import { toJobDto } from "./to-job-dto";

// The one place that moves a job's state and publishes it. Each change writes the job and
// an event holding the job as it now is, in one transaction under the owner's job lock: the owner's
// events then commit in the order of their ids, so a stream that has read up to id N can never later
// miss an event with a smaller id (lib/jobs/job-stream). The same transaction notifies every studio
// process, whose listeners wake the owner's streams once the event is visible (lib/wakeups).

type Tx = Prisma.TransactionClient;

/** A transaction that holds its owner's job lock (from `lockOwnerJobs`). */
export type OwnerLockedTx = Tx & { readonly ownerJobsLocked: true };

/**
 * Takes the owner's job lock for the rest of the transaction: the owner's job changes (and the
 * running limit's count, lib/jobs/running-limit) then happen one transaction at a time, on every
 * instance.
 */
export async function lockOwnerJobs(tx: Tx, ownerId: string): Promise<OwnerLockedTx> {
  await advisoryXactLock(tx, "owner-jobs", ownerId);
  return tx as OwnerLockedTx;
}

/** Writes the job's event and wakes its owner's streams once `tx` commits (lib/wakeups/channel), in one statement. */
async function publish(tx: Tx, job: Job): Promise<void> {
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO "JobEvent" ("jobId", "ownerId", "data", "createdAt")
      VALUES (${job.id}, ${job.ownerId}, ${JSON.stringify(toJobDto(job))}::jsonb, ${new Date()})
      RETURNING "ownerId"
    )
    SELECT ${wakeJobStreamsCall(Prisma.raw('"ownerId"'))} FROM event`;
}

/** What a new job is charged to (lib/budgets): the team active when it starts, its model, what it asks for. */
export type NewJobCharge = Pick<JobCharge, "teamId" | "model" | "asked">;

/**
 * Creates a job inside the caller's transaction (where its generation or turn is created, under the
 * owner's job lock), with its first event; the owner's streams are woken when that transaction commits.
 * Its estimated cost is reserved against the budgets that bind it in the same transaction (a start
 * past one is refused before anything is recorded); the job's end settles it (changeJob).
 */
export async function createJob(tx: OwnerLockedTx, data: Prisma.JobUncheckedCreateInput, charge: NewJobCharge): Promise<Job> {
  // A job takes its running place when it is made, unless its start says it waits for one.
  const job = await tx.job.create({ data: { ...data, startedAt: data.startedAt === undefined ? new Date() : data.startedAt } });
  await reserveJobCost(tx, { ...charge, jobId: job.id, userId: job.ownerId, at: job.createdAt });
  await publish(tx, job);
  return job;
}

/**
 * Applies `data` to a job that is still active and publishes the result; a job that has already
 * finished (cancelled, interrupted by another instance's sweep) is left as it is and `null` returned,
 * so a late runner never overwrites how a job ended. `alsoWrite` runs in the same transaction, only
 * when the job changed: the end of the job's generation or turn, so that the two never disagree.
 */
export function changeJob(job: Pick<Job, "id" | "ownerId">, data: Prisma.JobUncheckedUpdateInput, alsoWrite?: (tx: Tx) => Promise<unknown>): Promise<Job | null> {
  return changeUnderLock(job, async (tx) => {
    const updated = await updateActive(tx, job.id, data);
    if (updated) await alsoWrite?.(tx);
    return updated;
  });
}

/**
 * Like changeJob, only when `allowed` says so: it reads under the owner's job lock, in the
 * transaction that writes the change, so no other change of the owner's jobs comes in between.
 */
export function changeJobIf(job: Pick<Job, "id" | "ownerId">, allowed: (tx: OwnerLockedTx) => Promise<boolean>, data: Prisma.JobUncheckedUpdateInput): Promise<Job | null> {
  return changeUnderLock(job, async (tx) => ((await allowed(tx)) ? updateActive(tx, job.id, data) : null));
}

async function changeUnderLock(job: Pick<Job, "ownerId">, change: (tx: OwnerLockedTx) => Promise<Job | null>): Promise<Job | null> {
  return db.$transaction(async (transaction) => {
    const tx = await lockOwnerJobs(transaction, job.ownerId);
    const updated = await change(tx);
    if (!updated) return null;
    // Whatever ended it, the job's reservation is settled with its end, after its usage is written.
    if (!isActiveJobState(updated.state)) await settleJobCharge(tx, updated);
    await publish(tx, updated);
    return updated;
  });
}

// One statement that both checks the job is still active and returns it.
function updateActive(tx: Tx, jobId: string, data: Prisma.JobUncheckedUpdateInput): Promise<Job | null> {
  return tx.job.update({ where: { id: jobId, state: { in: [...ACTIVE_JOB_STATES] } }, data }).catch((error: unknown) => {
    if (isRecordNotFound(error)) return null;
    throw error;
  });
}

function isRecordNotFound(error: unknown): boolean {
  return hasErrorName(error, "PrismaClientKnownRequestError") && (error as { code?: unknown }).code === "P2025";
}
