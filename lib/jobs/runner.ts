import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Job, Prisma } from "@/lib/generated/prisma/client";
import { failureOf, storedFailure } from "@/lib/http/client-error";
import { log } from "@/lib/log";
import { changeJob } from "./job-changes";
import { ACTIVE_JOB_STATES } from "./job-dto";
import { untilDatabaseAnswers } from "@/lib/db/until-database-answers";
import { endLinkedRun } from "./end-linked-run";
import { CANCELLED } from "./job-failures";

// Runs jobs in this process, detached from the request that created them: leaving a page
// or closing a tab ends a request, never a job. Only a cancel (lib/jobs/cancel-job) aborts one.
//
// While it holds jobs, the runner beats their `heartbeatAt` and looks for cancels written by any
// instance. A job whose heartbeat stops belongs to a process that died; lib/jobs/recovery ends it as
// interrupted.

/** This process, as the runner named on the jobs it holds. */
export const RUNNER_ID = randomUUID();
const HEARTBEAT_MS = 5_000;
/** A heartbeat older than this means the runner is gone (four missed beats). */
export const JOB_STALE_AFTER_MS = 20_000;

/** A waiting job's queue position is null when it waits for an unreachable service rather than in a line. */
export type JobProgress = { state: "waiting"; queuePosition: number | null } | { state: "generating"; round?: number } | { state: "storing" };

/**
 * How the work ended: the job ends the same way, and so does its generation or turn, in the one
 * transaction that ends the job (lib/jobs/end-linked-run), and not at all if the job had already
 * ended (a cancel or a sweep got there first). `record` writes what else the work learned: a
 * success's results, or what the upstream said with a refusal.
 */
export type JobOutcome =
  | { state: "succeeded"; requestId?: string | null; record?: (tx: Prisma.TransactionClient) => Promise<unknown> }
  | { state: "failed"; errorCode: string; errorMessage: string; requestId?: string | null; record?: (tx: Prisma.TransactionClient) => Promise<unknown> };

export type JobWork = (context: { signal: AbortSignal; progress: (update: JobProgress) => void }) => Promise<JobOutcome>;

const held = new Map<string, AbortController>();
let heartbeat: NodeJS.Timeout | undefined;

/** What a new job row needs so that its runner is known from the start (used inside createJob's data). */
export function runnerClaim(): { runnerId: string; heartbeatAt: Date } {
  return { runnerId: RUNNER_ID, heartbeatAt: new Date() };
}

/**
 * Runs the work of a job created by this process (with `runnerClaim()`), publishing its progress and
 * how it ended. Never rejects: the caller starts it and moves on. A failure, thrown or returned, is
 * written here for the job and its generation or turn alike: the work itself never records one.
 */
export async function runJob(job: Pick<Job, "id" | "ownerId" | "generationId" | "turnId">, work: JobWork): Promise<void> {
  const controller = new AbortController();
  held.set(job.id, controller);
  startHeartbeat();
  const progress = progressWriter(job);
  const started = Date.now();
  try {
    const outcome = await work({ signal: controller.signal, progress: progress.report }).catch((error: unknown) => failedOutcome(error, controller.signal, job.id));
    await progress.settle();
    const record =
      outcome.state === "succeeded"
        ? outcome.record
        : async (tx: Prisma.TransactionClient) => {
            await endLinkedRun(tx, job, outcome, { durationMs: Date.now() - started });
            await outcome.record?.(tx);
          };
    // Changes only a job that has not ended, so a repeat after a lost answer writes nothing twice.
    await untilDatabaseAnswers("a job's end", () => changeJob(job, { ...endOf(outcome), queuePosition: null, finishedAt: new Date() }, record));
  } catch (error) {
    log.error({ err: error, jobId: job.id }, "job end not recorded; the sweep will end it once its heartbeat stops");
  } finally {
    held.delete(job.id);
    if (held.size === 0) stopHeartbeat();
  }
}

/**
 * Progress is written at most this often: a step that ends sooner may never be written. Nobody could
 * read it in the tray, and each write is a transaction and an event on every open stream: for a fast
 * generation, writing "generating" and "storing" would cost as much as its start.
 */
const PROGRESS_EVERY_MS = 250;

/**
 * Writes a job's progress one change at a time, in order: the newest report, PROGRESS_EVERY_MS after
 * the first one not yet written. A report made meanwhile, or while an earlier write is under way,
 * replaces the one waiting (only the newest state matters), and `settle` drops the one waiting, if
 * any, before the end is written: a job skips the steps it has already left instead of queueing
 * transactions.
 */
function progressWriter(job: Pick<Job, "id" | "ownerId">) {
  let last = "";
  let waiting: Prisma.JobUncheckedUpdateInput | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  const drain = async () => {
    while (waiting) {
      const data = waiting;
      waiting = undefined;
      await changeJob(job, data).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, "job progress not recorded"));
    }
    writing = undefined;
  };
  return {
    report(update: JobProgress) {
      const key = JSON.stringify(update);
      if (key === last) return;
      last = key;
      waiting = {
        state: update.state,
        queuePosition: update.state === "waiting" ? update.queuePosition : null,
        round: update.state === "generating" ? (update.round ?? null) : null,
      };
      timer ??= setTimeout(() => {
        timer = undefined;
        writing ??= drain();
      }, PROGRESS_EVERY_MS);
    },
    /** Resolves once no progress write is under way; one still waiting is dropped. */
    async settle() {
      clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
      await writing;
    },
  };
}

function failedOutcome(error: unknown, signal: AbortSignal, jobId: string): JobOutcome {
  if (signal.aborted) return { state: "failed", ...CANCELLED };
  if (failureOf(error).unexpected) log.error({ err: error, jobId }, "job failed unexpectedly");
  const { errorCode, errorMessage, requestId } = storedFailure(error);
  return { state: "failed", errorCode, errorMessage, requestId };
}

function endOf(outcome: JobOutcome) {
  if (outcome.state === "succeeded") return { state: "succeeded" as const, requestId: outcome.requestId ?? null };
  const cancelled = outcome.errorCode === CANCELLED.errorCode;
  return { state: cancelled ? ("cancelled" as const) : ("failed" as const), errorCode: outcome.errorCode, errorMessage: outcome.errorMessage, requestId: outcome.requestId ?? null };
}

/** The jobs this process holds now. */
export function heldJobIds(): string[] {
  return [...held.keys()];
}

/** Aborts a job this process holds; false when another process (or none) holds it. */
export function abortHeldJob(jobId: string): boolean {
  const controller = held.get(jobId);
  controller?.abort();
  return Boolean(controller);
}

function startHeartbeat(): void {
  if (heartbeat) return;
  heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  heartbeat.unref();
}

function stopHeartbeat(): void {
  clearInterval(heartbeat);
  heartbeat = undefined;
}

// One write keeps every held job alive; one read finds the cancels other instances wrote.
async function beat(): Promise<void> {
  const ids = [...held.keys()];
  if (ids.length === 0) return;
  try {
    await db.job.updateMany({ where: { id: { in: ids }, state: { in: [...ACTIVE_JOB_STATES] } }, data: { heartbeatAt: new Date() } });
    const cancelled = await db.job.findMany({ where: { id: { in: ids }, cancelRequestedAt: { not: null } }, select: { id: true } });
    for (const { id } of cancelled) abortHeldJob(id);
  } catch (error) {
    log.warn({ err: error }, "job heartbeat failed");
  }
}
