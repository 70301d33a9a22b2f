import { expect } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { FINISHED_JOB_STATES, type JobState } from "@/lib/jobs/job-dto";

const POLL_MS = 20;

/** Resolves once the job is in one of `states` (by default: ended), reading the database as any page would. */
export async function waitForJob(db: PrismaClient, jobId: string, states: readonly JobState[] = FINISHED_JOB_STATES, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    if (states.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is still ${job.state} after ${timeoutMs} ms (waited for ${states.join("/")})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Makes every call under `pathPrefix` take `ms` longer, so that jobs hold their places while a test looks. */
export const slowCalls = (ms: number, pathPrefix = "/v1/") => ({ rate: 1, fault: { kind: "slow", ms }, pathPrefix });

/** A test job's charge: one alpha v3 image outside any team, reserved against whatever budgets apply. */
export const ONE_ALPHA_IMAGE = { teamId: null, model: "alpha-v3", asked: { images: 1 } } as const;

/** Resolves once the job waits for an unreachable upstream service (a job also waits, briefly, for the upstream line). */
export const waitingForService = (db: PrismaClient, jobId: string) =>
  expect
    .poll(async () => {
      const { state, errorCode } = await db.job.findUniqueOrThrow({ where: { id: jobId } });
      return `${state} ${errorCode}`;
    }, { timeout: 20_000, interval: 20 })
    .toBe("waiting upstream_unreachable");
