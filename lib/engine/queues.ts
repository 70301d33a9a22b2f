import "server-only";
import type { Queue } from "pg-boss";

/**
 * The worker's scheduled work, each on a pg-boss queue of its own with its retry policy stated here.
 * pg-boss sends a scheduled job once per cron tick for the whole cluster, however many workers run,
 * and the `stately` policy keeps at most one run waiting and one under way. Every task is
 * idempotent (each run looks at the database afresh), so a failed run is simply retried. Each queue
 * has `notify`: a tick's job wakes a worker at once, so the workers' own polls are a slow backstop
 * (pg-boss's notifyPollingIntervalSeconds) rather than a fetch per queue every two seconds.
 */
type ScheduledQueue = { name: string; cron: string; options: Omit<Queue, "name"> & { policy: "stately"; notify: true } };

export const SCHEDULED_QUEUES = {
  /**
   * Ends the image jobs whose run was lost before a worker took them (lib/engine/lost-runs). Those
   * whose runner stopped beating are ended by every worker's own timer (lib/engine/worker).
   */
  sweepAbandonedJobs: {
    name: "upkeep.sweep-abandoned-jobs",
    cron: "* * * * *",
    // The next tick comes within a minute: no retry would be sooner.
    options: { policy: "stately", notify: true, retryLimit: 0, expireInSeconds: 60 },
  },
  /**
   * Makes a step due for every video job that is due and has none under way (lib/videos/send-due-video-steps):
   * a safety net under the steps that send each other (lib/jobs/work-queues).
   */
  sendDueVideoSteps: {
    name: "upkeep.send-due-video-steps",
    cron: "* * * * *",
    // The next tick comes within a minute: no retry would be sooner.
    options: { policy: "stately", notify: true, retryLimit: 0, expireInSeconds: 60 },
  },
  /** Deletes records that outlived their use (lib/engine/prune-records). */
  pruneRecords: {
    name: "upkeep.prune-records",
    cron: "17 * * * *",
    options: { policy: "stately", notify: true, retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  },
  /** Removes blobs nothing names and holds a stopped process left (lib/assets/sweep-orphan-blobs). */
  sweepOrphanBlobs: {
    name: "upkeep.sweep-orphan-blobs",
    cron: "43 * * * *",
    // Listing a large store takes a while; a failed run is retried, a missed one waits for the next hour.
    options: { policy: "stately", notify: true, retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  },
  /** Archives at once the video jobs nearing their expiry upstream, and ends those past it (lib/videos/expiring-videos). */
  archiveExpiringVideos: {
    name: "upkeep.archive-expiring-videos",
    cron: "*/10 * * * *",
    // Its margin is a day: a failed run is retried shortly, and a missed one waits ten minutes.
    options: { policy: "stately", notify: true, retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
  },
} as const satisfies Record<string, ScheduledQueue>;
