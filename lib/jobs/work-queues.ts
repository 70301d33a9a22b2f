import "server-only";
import type { Queue } from "pg-boss";

/**
 * The worker's queued work: one pg-boss job per studio job, sent in the transaction that records the
 * studio job (lib/jobs/job-sender), run by a worker from the job's rows (lib/engine/run-queued-job).
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
