import "server-only";
import { PgBoss } from "pg-boss";
import { databaseUrlInUse } from "@/lib/db/client";
import { ENGINE_POOL_OPTIONS } from "@/lib/db/pool-idle";
import { sweepOrphanBlobs } from "@/lib/assets/sweep-orphan-blobs";
import { endAbandonedJobs, interruptHeldJobs, recoverJobsAtStart } from "@/lib/jobs/recovery";
import { JOB_STALE_AFTER_MS } from "@/lib/jobs/runner";
import { log } from "@/lib/log";
import { probeUpstreams } from "@/lib/upstream/reachability/probe";
import { probeTickMs } from "@/lib/upstream/reachability/probe-tick";
import { archiveExpiringVideos } from "@/lib/videos/expiring-videos";
import { sendDueVideoSteps } from "@/lib/videos/send-due-video-steps";
import { startWakeListener, stopWakeListener } from "@/lib/wakeups/listener";
import { endJobsWithLostRuns } from "./lost-runs";
import { workThumbnails } from "./make-thumbnails";
import { pruneRecords } from "./prune-records";
import { SCHEDULED_QUEUES } from "./queues";
import { workImageJobs } from "./run-queued-job";
import { workVideoSteps } from "./work-video-steps";
import { announceWorker } from "./worker-presence";

// The worker process's background work, outside Next's bundles, all of it on pg-boss: image jobs
// (generations and chat turns, lib/engine/run-queued-job), their results' thumbnails
// (lib/engine/make-thumbnails), video jobs followed to their end one step at a time
// (lib/engine/work-video-steps) and the cluster's scheduled upkeep (lib/engine/queues). Any number of
// workers may run on one PostgreSQL: pg-boss hands each piece of work to one worker at a time, and a
// video's lease holds whatever it delivers twice.

/** How the worker shows in pg_stat_activity. */
const APPLICATION_NAME = "studio worker";
/** How long a stop lets scheduled work under way finish before pg-boss gives it up. */
const STOP_TIMEOUT_MS = 20_000;

export type StudioWorker = { stop(): Promise<void> };

/** How often a worker looks for image jobs whose runner stopped beating. */
const ABANDONED_JOBS_TICK_MS = 5_000;

const scheduledWork: Record<keyof typeof SCHEDULED_QUEUES, () => Promise<void>> = {
  async sweepAbandonedJobs() {
    const lost = await endJobsWithLostRuns(new Date(Date.now() - JOB_STALE_AFTER_MS));
    if (lost) log.warn({ jobs: lost }, "ended jobs whose run was lost before a worker took them");
  },
  async sendDueVideoSteps() {
    const sent = await sendDueVideoSteps();
    if (sent) log.info({ videos: sent }, "made steps due for video jobs that had none waiting");
  },
  async pruneRecords() {
    const removed = await pruneRecords();
    if (Object.values(removed).some((count) => count > 0)) log.info({ removed }, "removed records that outlived their use");
  },
  async sweepOrphanBlobs() {
    const removed = await sweepOrphanBlobs();
    if (removed.blobs > 0 || removed.holds > 0) log.info({ removed }, "removed blobs nothing names and holds a stopped process left");
  },
  async archiveExpiringVideos() {
    // Each job is logged by the task itself.
    await archiveExpiringVideos();
  },
};

/**
 * Runs `task` every `ms` (and at once when `atOnce`) on a timer rather than a pg-boss schedule, whose
 * cron ticks are a minute apart. A failed run is logged as `failed`; the next tick tries again.
 */
function repeatEvery(ms: number, failed: string, task: () => Promise<unknown>, atOnce = false): NodeJS.Timeout {
  const tick = () => void task().catch((error: unknown) => log.warn({ reason: error instanceof Error ? error.message : String(error) }, failed));
  if (atOnce) tick();
  return setInterval(tick, ms);
}

// An unreachable service is probed every tick (15 s unless UPSTREAM_PROBE_TICK_MS says otherwise).
// Each worker probes only what no process has heard from lately (probeDue), so several workers add
// few requests.
function startProbing(): NodeJS.Timeout {
  return repeatEvery(probeTickMs(), "upstream probe failed", probeUpstreams, true);
}

// A job whose worker died ends (interrupted, with Run again) within a tick of its heartbeat going
// stale. Every worker looks; a job ends once, whichever worker gets there first (lib/jobs/job-changes
// changes only an active job). The worker's start has just looked (recoverJobsAtStart).
function startSweepingAbandonedJobs(): NodeJS.Timeout {
  return repeatEvery(ABANDONED_JOBS_TICK_MS, "looking for abandoned jobs failed", async () => {
    const ended = await endAbandonedJobs(new Date(Date.now() - JOB_STALE_AFTER_MS));
    if (ended) log.warn({ jobs: ended }, "ended jobs whose runner stopped");
  });
}

/**
 * Starts the worker's background work on the process's database. `singleProcess`: no other studio
 * worker runs on it (`npm start`'s embedded database), so what the last one held is void.
 */
export async function startWorker(options: { singleProcess: boolean }): Promise<StudioWorker> {
  // Image jobs cut off by the last stop end as interrupted before any new one is taken.
  await recoverJobsAtStart(options);
  // LISTEN/NOTIFY: a job sent on the image queue wakes a worker at once, not at its next poll.
  const boss = new PgBoss({ ...ENGINE_POOL_OPTIONS, connectionString: databaseUrlInUse(), application_name: APPLICATION_NAME, useListenNotify: true });
  // Only the code and message: an error may carry the connection, whose parameters hold the password.
  boss.on("error", (error: { code?: unknown; message?: unknown }) => log.error({ code: error.code, reason: error.message }, "job engine error"));
  await boss.start();
  // The database's only worker: a run the last one fetched and died before claiming its job is lost
  // now, and ends at once rather than at a sweep (a minute's tick after its runner has gone stale).
  if (options.singleProcess) {
    const lost = await endJobsWithLostRuns(new Date());
    if (lost) log.warn({ jobs: lost }, "ended jobs whose run the last worker fetched and never took");
  }
  for (const [task, queue] of Object.entries(SCHEDULED_QUEUES) as [keyof typeof SCHEDULED_QUEUES, (typeof SCHEDULED_QUEUES)[keyof typeof SCHEDULED_QUEUES]][]) {
    await boss.createQueue(queue.name, queue.options);
    // A queue made by an earlier release keeps its row: its retry policy is brought up to date.
    const { policy: _policy, ...retryPolicy } = queue.options;
    await boss.updateQueue(queue.name, retryPolicy);
    await boss.schedule(queue.name, queue.cron);
    await boss.work(queue.name, async () => {
      await scheduledWork[task]();
    });
  }
  // Hears cancels of image jobs.
  startWakeListener();
  const stopHearingCancels = await workImageJobs(boss);
  const thumbnails = await workThumbnails(boss);
  const videoSteps = await workVideoSteps(boss, options);
  const probeTimer = startProbing();
  const sweepTimer = startSweepingAbandonedJobs();
  // Last, so that a worker counts as running (GET /api/ready) only once it takes work.
  const presence = await announceWorker();
  log.info({ scheduled: Object.values(SCHEDULED_QUEUES).map((queue) => queue.name) }, "worker started");
  return {
    async stop() {
      await presence.stop();
      clearInterval(probeTimer);
      clearInterval(sweepTimer);
      // Image jobs under way end interrupted at once (Run again), rather than hold the stop.
      await interruptHeldJobs();
      thumbnails.stop();
      await videoSteps.stop();
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      stopHearingCancels();
      await stopWakeListener();
    },
  };
}
