import "server-only";
import { storedFailure } from "@/lib/http/client-error";
import { changeJob } from "@/lib/jobs/job-changes";
import type { JobOutcome, JobWork } from "@/lib/jobs/runner";
import type { Job } from "@/lib/generated/prisma/client";
import { readReachability } from "@/lib/upstream/reachability/record";
import { UNREACHABLE_WAIT_LIMIT_MS } from "@/lib/upstream/reachability/wait-limit";

// An image job whose call never reached the image service (no connection made, so nothing was sent
// nor charged) waits for the service instead of failing at once, and is tried again when it is back.
// A reset after sending is not retried here: that call may have reached the service (lib/upstream/attempt).

const UNREACHABLE = "upstream_unreachable";
/** How often a waiting job reads the reachability row, which the worker's probe flips when the service returns. */
const REACHABILITY_POLL_MS = 1_000;
/** Retries without the probe's word, in case it is slow: first after this, doubling up to the cap. */
const FIRST_RETRY_MS = 15_000;
const RETRY_CAP_MS = 2 * 60_000;

type Attempt = () => Promise<JobOutcome>;

function unreachableCode(outcome: JobOutcome | undefined, error: unknown): boolean {
  return outcome ? outcome.state === "failed" && outcome.errorCode === UNREACHABLE : storedFailure(error).errorCode === UNREACHABLE;
}

function waitingMessage(since: Date): string {
  return `Waiting: the image service is unreachable since ${since.toISOString().slice(11, 16)} UTC. The job continues by itself when it is back.`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener("abort", done);
      clearTimeout(timer);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

async function imageServiceReachable(): Promise<boolean> {
  return (await readReachability()).find((state) => state.service === "image")?.reachable ?? true;
}

/** Resolves when the image service is reachable again, `retryMs` has passed, or `deadline` comes; rejects on a cancel. */
async function waitForImageService(retryMs: number, deadline: number, signal: AbortSignal): Promise<void> {
  const until = Math.min(Date.now() + retryMs, deadline);
  while (Date.now() < until) {
    await sleep(Math.min(REACHABILITY_POLL_MS, until - Date.now()), signal);
    if (await imageServiceReachable()) return;
  }
}

/**
 * Runs `attempt` until it ends otherwise than on an unreachable image service, or until the service
 * has been unreachable for UNREACHABLE_WAIT_LIMIT_MS, when the last attempt's failure stands. While
 * it waits the job says so in its state and message; a cancel (`signal`) ends the wait at once.
 */
export async function workThroughOutages(job: Pick<Job, "id" | "ownerId">, context: Parameters<JobWork>[0], attempt: Attempt): Promise<JobOutcome> {
  const { signal, progress } = context;
  // The wait is counted from the first attempt that found the service unreachable.
  let waitingSince: Date | undefined;
  let retryMs = FIRST_RETRY_MS;
  for (;;) {
    if (waitingSince) await changeJob(job, { errorCode: null, errorMessage: null });
    let outcome: JobOutcome | undefined;
    let failure: unknown;
    try {
      outcome = await attempt();
    } catch (error) {
      failure = error;
    }
    waitingSince ??= new Date();
    const deadline = waitingSince.getTime() + UNREACHABLE_WAIT_LIMIT_MS;
    if (signal.aborted || !unreachableCode(outcome, failure) || Date.now() >= deadline) {
      if (outcome) return outcome;
      throw failure;
    }
    // The state goes through the job's progress, written in order with the attempt's own steps.
    progress({ state: "waiting", queuePosition: null });
    await changeJob(job, { errorCode: UNREACHABLE, errorMessage: waitingMessage(waitingSince) });
    await waitForImageService(retryMs, deadline, signal);
    retryMs = Math.min(retryMs * 2, RETRY_CAP_MS);
  }
}
