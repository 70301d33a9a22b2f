import "server-only";
import type { PgBoss } from "pg-boss";
import { turnJobWork } from "@/lib/chat/send-turn";
import { db } from "@/lib/db/client";
import type { Job } from "@/lib/generated/prisma/client";
import { alphaV3JobWork } from "@/lib/images/generate-alpha-v3";
import { betaJobWork } from "@/lib/images/generate-beta";
import { ACTIVE_JOB_STATES } from "@/lib/jobs/job-dto";
import { abortHeldJob, runJob, runnerClaim, type JobWork } from "@/lib/jobs/runner";
import { waitForRunningPlace } from "@/lib/jobs/running-limit";
import { log } from "@/lib/log";
import { workThroughOutages } from "./outage-wait";
import { onJobCancelWake } from "@/lib/wakeups/job-cancel-wake";
import { onImageRunWake } from "@/lib/wakeups/image-run-wake";
import { hearsOtherProcesses } from "@/lib/wakeups/process-wakeups";
import { registerRunners, UNHEARD_POLL_MS } from "./idle-runners";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";

// A worker's side of the image queue (lib/jobs/work-queues): a run names only its studio job, whose work
// is rebuilt from the rows the start recorded, never from anything the web process held in memory.

/**
 * Runs of the image queue one worker holds at once. A run lasts its whole generation, most of it
 * spent waiting for the upstream (its line is the database gate's, lib/upstream/database-gate, shared
 * by every process), so a worker holds many; more wait in the queue as "queued" until one ends.
 */
const IMAGE_RUNS_PER_WORKER = 16;
/**
 * How often the first idle runner looks for runs by itself (the others far less often,
 * lib/engine/idle-runners): runs are announced (lib/wakeups/channel), so this only bounds the wait for
 * one whose announcement was lost.
 */
const IMAGE_RUN_POLL_SECONDS = 30;

type ImageJob = Pick<Job, "id" | "ownerId" | "kind" | "generationId" | "turnId" | "createdAt" | "startedAt">;

/** The work of each kind of image job, from its rows. */
function workOf(job: ImageJob): Promise<JobWork> {
  if (job.kind === "alpha_v3" && job.generationId) return alphaV3JobWork(job.generationId);
  if (job.kind === "beta" && job.generationId) return betaJobWork(job.generationId);
  if (job.kind === "alpha_v35_turn" && job.turnId) return turnJobWork(job.turnId);
  throw new Error(`job ${job.id} of kind ${job.kind} has no image work to run`);
}

/**
 * Takes the job for this worker: only a job still active, that no runner has taken (a run the
 * engine delivered twice runs once) and whose owner has not asked to cancel it (a cancel ends a job
 * nobody holds itself, lib/jobs/cancel-job). From here the runner's heartbeat keeps it.
 */
async function claim(jobId: string): Promise<Job | null> {
  const [job] = await db.job.updateManyAndReturn({
    where: { id: jobId, state: { in: [...ACTIVE_JOB_STATES] }, runnerId: null, cancelRequestedAt: null },
    data: runnerClaim(),
  });
  return job ?? null;
}

/** Runs one image job sent by a start (lib/jobs/job-sender); a job already taken or ended is left alone. */
export async function runQueuedJob(jobId: string): Promise<void> {
  const job = await claim(jobId);
  if (!job) {
    log.info({ jobId }, "image job not run: it has ended or another runner holds it");
    return;
  }
  // One place ends the job, however its work goes, rebuilding it included (lib/jobs/runner).
  await runJob(job, async (context) => {
    await waitForRunningPlace(job, context.signal);
    return workThroughOutages(job, context, async () => (await workOf(job))(context));
  });
}

/**
 * Makes `boss` work the image queue in this process: a run announced by any process wakes one idle
 * runner (lib/engine/idle-runners), a runner that ends a run looks for the next at once, and a cancel announced by any process (lib/wakeups/channel)
 * aborts the job it holds at once. Returns what stops hearing both; the runs stop with `boss`.
 */
export async function workImageJobs(boss: PgBoss): Promise<() => void> {
  const queue = WORK_QUEUES.imageJobs;
  await boss.createQueue(queue.name, queue.options);
  // A queue made by an earlier release keeps its row: its retry policy is brought up to date.
  const { policy: _policy, ...retryPolicy } = queue.options;
  await boss.updateQueue(queue.name, retryPolicy);
  onJobCancelWake((jobId) => abortHeldJob(jobId));
  const runners = await registerRunners<{ jobId: string }>(boss, queue.name, IMAGE_RUNS_PER_WORKER, { pollingIntervalSeconds: IMAGE_RUN_POLL_SECONDS }, (run) => runQueuedJob(run.data.jobId));
  onImageRunWake({ sent: runners.wakeOne, heardNothingSince: runners.wakeAll });
  const unheard = setInterval(() => {
    if (!hearsOtherProcesses()) runners.wakeAll();
  }, UNHEARD_POLL_MS);
  unheard.unref();
  return () => {
    clearInterval(unheard);
    onImageRunWake(undefined);
    onJobCancelWake(undefined);
  };
}
