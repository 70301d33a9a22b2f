import "server-only";
import type { Queue } from "pg-boss";

/**
 * The worker's scheduled work, each on a pg-boss queue of its own with its retry policy stated here.
 * pg-boss sends a scheduled job once per cron tick for the whole cluster, however many workers run,
 * and the `stately` policy keeps at most one run waiting and one under way. Both tasks are
 * idempotent (each run looks at the database afresh), so a failed run is simply retried.
 */
type ScheduledQueue = { name: string; cron: string; options: Omit<Queue, "name"> & { policy: "stately" } };

export const SCHEDULED_QUEUES = {
  /** Ends the image jobs of web processes that stopped beating (crashed or killed). */
  sweepAbandonedJobs: {
    name: "upkeep.sweep-abandoned-jobs",
    cron: "* * * * *",
    // The next tick comes within a minute: no retry would be sooner.
    options: { policy: "stately", retryLimit: 0, expireInSeconds: 60 },
  },
  /** Deletes records that outlived their use (lib/engine/prune-records). */
  pruneRecords: {
    name: "upkeep.prune-records",
    cron: "17 * * * *",
    options: { policy: "stately", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  },
} as const satisfies Record<string, ScheduledQueue>;

/**
 * The worker's queued work: one pg-boss job per studio job, sent in the transaction that records the
 * studio job (lib/engine/job-sender), run by a worker from the job's rows (lib/engine/run-queued-job).
 */
type WorkQueue = { name: string; options: Omit<Queue, "name"> };

export const WORK_QUEUES = {
  /**
   * Image jobs: alpha v3 and beta generations, and chat turns. Never retried: the upstream call costs
   * money and is not idempotent, so a run cut off (a worker killed, a stop) ends as interrupted, with
   * Run again for the designer (lib/jobs/recovery), and is never sent a second time by the engine.
   * A run is held for the whole generation, so its expiry only bounds a worker that hangs; the
   * studio's own heartbeat is what tells a dead runner. `notify` wakes a worker the moment a job is
   * sent, instead of at its next poll.
   */
  imageJobs: { name: "images.run", options: { policy: "standard", retryLimit: 0, expireInSeconds: 3600, notify: true } },
} as const satisfies Record<string, WorkQueue>;
