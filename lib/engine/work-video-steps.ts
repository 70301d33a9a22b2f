import "server-only";
import type { PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { ENGINE_SCHEMA, WORK_QUEUES } from "@/lib/jobs/work-queues";
import { log } from "@/lib/log";
import { settings } from "@/lib/settings";
import { agentReachesInputs, inputBaseUrl } from "@/lib/videos/agent-request";
import { runVideoStep } from "@/lib/videos/run-video-step";
import { sendDueVideoSteps } from "@/lib/videos/send-due-video-steps";
import { releaseAllLeases } from "@/lib/videos/video-lease";
import { registerDelayedWorkRunners } from "./due-work";

/** Steps one worker takes at once (a step may be a long download). */
const VIDEO_STEPS_PER_WORKER = 8;
/**
 * How often the first idle runner fetches by itself (the others far less often,
 * lib/engine/idle-runners). A step due at once wakes the runners through pg-boss's
 * notification, and one made due for later (a video's polls are seconds apart) through the waker
 * (lib/engine/delayed-work), so this only backs them up.
 */
const RUNNER_POLL_SECONDS = 30;

export type VideoStepWork = { stop(): Promise<void> };

/**
 * The steps that a worker of a database with no other worker still held when it died: nobody runs
 * them, and pg-boss would keep their videos' next steps waiting behind them until they are retried.
 */
async function dropStepsOfTheLastWorker(): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM ${ENGINE_SCHEMA}.job WHERE name = $1 AND state = 'active'`, WORK_QUEUES.videoSteps.name);
  await releaseAllLeases();
}

/**
 * Makes `boss` work the video step queue in this process (nothing without a video agent). With
 * `singleProcess` (`npm start`'s embedded database) what the last worker held is void at once. The
 * jobs due now are stepped at once, whatever sent them or failed to. `stop` aborts the steps under
 * way, which back off on their rows and are taken up again from there.
 */
export async function workVideoSteps(boss: PgBoss, options: { singleProcess: boolean }): Promise<VideoStepWork> {
  const { VIDEO_AGENT_URL } = settings();
  if (!VIDEO_AGENT_URL) return { async stop() {} };
  if (!agentReachesInputs(VIDEO_AGENT_URL)) {
    log.warn({ inputBaseUrl: inputBaseUrl(), agent: VIDEO_AGENT_URL }, "the video agent is not on this machine and STUDIO_PUBLIC_URL is unset: it cannot download input files (keyframes, references) from the studio");
  }
  const queue = WORK_QUEUES.videoSteps;
  await boss.createQueue(queue.name, queue.options);
  // A queue made by an earlier release keeps its row: its retry policy is brought up to date.
  const { policy: _policy, heartbeatSeconds: _heartbeat, ...retryPolicy } = queue.options;
  await boss.updateQueue(queue.name, retryPolicy);
  if (options.singleProcess) await dropStepsOfTheLastWorker();
  const stopping = new AbortController();
  const waker = await registerDelayedWorkRunners<{ videoJobId: string }>(
    boss,
    queue.name,
    VIDEO_STEPS_PER_WORKER,
    { pollingIntervalSeconds: RUNNER_POLL_SECONDS, notifyPollingIntervalSeconds: RUNNER_POLL_SECONDS },
    (step) => runVideoStep(step.data.videoJobId, AbortSignal.any([stopping.signal, step.signal])),
  );
  await sendDueVideoSteps();
  return {
    async stop() {
      waker.stop();
      stopping.abort();
      await boss.offWork(queue.name, { wait: true });
    },
  };
}
