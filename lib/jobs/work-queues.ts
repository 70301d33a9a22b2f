import "server-only";
import type { Queue } from "pg-boss";

/**
 * The worker's queued work, each job sent in the transaction that writes the row it is about
 * (lib/jobs/job-sender) and run by a worker from that row alone: one run per studio image job
 * (lib/engine/run-queued-job), one thumbnail per stored result (lib/engine/make-thumbnails), one
 * step at a time per video job (lib/videos/run-video-step).
 */
/** pg-boss's schema (its default), where the workers' queues live. */
export const ENGINE_SCHEMA = "pgboss";

type WorkQueue = { name: string; options: Omit<Queue, "name"> };

export const WORK_QUEUES = {
  /**
   * Image jobs: alpha v3 and beta generations, and chat turns. Never retried: the upstream call costs
   * money and is not idempotent, so a run cut off (a worker killed, a stop) ends as interrupted, with
   * Run again for the designer (lib/jobs/recovery), and is never sent a second time by the engine.
   * A run is held for the whole generation, so its expiry only bounds a worker that hangs; the
   * studio's own heartbeat is what tells a dead runner. Not pg-boss's `notify`, which wakes every
   * idle runner of every worker for each run sent, all but one to find nothing: the sender announces
   * the run on the studio's own channel, and each worker wakes one idle runner (lib/engine/idle-runners).
   */
  imageJobs: { name: "images.run", options: { policy: "standard", retryLimit: 0, expireInSeconds: 3600, notify: false } },
  /**
   * The thumbnail of a stored result, made after its row (lib/assets/store-image) so the result is
   * not held up. Job data: the asset's id only. `exclusive` with the asset id as singleton key: one
   * run per asset queued or under way, however often it is sent. Idempotent (the run reads the row
   * afresh and skips an asset that has its thumbnail or is gone), so a failure (storage or database
   * unreachable) is retried 4 times, 2 s, then about 4, 8 and 16 s later; an image that cannot be
   * decoded is not retried, and its thumb link serves the full image (app/api/assets/[id]).
   */
  thumbnails: { name: "media.thumbnail", options: { policy: "exclusive", retryLimit: 4, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 300 } },
  /**
   * Video jobs, one step each (send, reconcile, poll, archive: lib/videos/run-video-step), keyed by the
   * video's id: `stately` keeps at most one step waiting and one under way per video, and each step
   * sends the next for the time the row names. A run that crashed is retried with back-off: that is
   * safe because every run re-reads the row and takes the step the row calls for, and a send is never
   * repeated blindly (`submitSentAt` is written before the POST, so a second try reconciles by the
   * correlation id instead). A killed worker stops beating, and its step is retried after
   * `heartbeatSeconds`; the expiry only bounds a step that hangs (an archive may take minutes).
   */
  videoSteps: {
    name: "videos.step",
    options: { policy: "stately", retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600, heartbeatSeconds: 30, notify: true },
  },
} as const satisfies Record<string, WorkQueue>;

/**
 * How long a thumbnail waits before a worker may take it: a burst of results is stored first, so
 * their jobs keep the cores (a thumbnail's decode costs about as much as a job's own work), and a
 * page that asks sooner makes it itself (lib/assets/asset-thumbnail), which the run then skips.
 */
export const THUMBNAIL_DELAY_SECONDS = 1;
