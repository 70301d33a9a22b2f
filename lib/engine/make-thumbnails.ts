import "server-only";
import type { Job, PgBoss } from "pg-boss";
import { makeQueuedThumbnail } from "@/lib/assets/asset-thumbnail";
import { isImageDecodeError } from "@/lib/assets/thumbnail";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { log } from "@/lib/log";
import { registerDelayedWorkRunners } from "./due-work";

// A worker's side of the thumbnail queue (lib/jobs/work-queues): a run names only its asset, whose row
// says whether there is still a thumbnail to make.

/**
 * Thumbnails one worker makes at once. One: each decodes a whole image on a core, and a worker's
 * cores belong first to the jobs whose results they are; the rest wait in the queue.
 */
const THUMBNAILS_PER_WORKER = 1;
/**
 * How often an idle runner looks for thumbnails by itself: each is sent to come due a moment later,
 * and the waker (lib/engine/delayed-work) wakes a runner then, so this only backs it up.
 */
const RUNNER_POLL_SECONDS = 30;

export type ThumbnailWork = { stop(): void };

async function makeThumbnail(run: Job<{ assetId: string }>): Promise<void> {
  const assetId = run.data.assetId;
  try {
    const outcome = await makeQueuedThumbnail(assetId);
    log.debug({ assetId, outcome }, "thumbnail run done");
  } catch (error) {
    // An image that does not decode never will: no retry; its thumb link serves it whole.
    if (isImageDecodeError(error)) {
      log.warn({ assetId, reason: error.cause instanceof Error ? error.cause.message : String(error.cause) }, "no thumbnail: the image does not decode");
      return;
    }
    // Thrown: pg-boss retries it by the queue's policy.
    log.error({ err: error, assetId }, "could not make a thumbnail");
    throw error;
  }
}

/** Makes `boss` work the thumbnail queue in this process; the runs stop with `boss`, the waker with `stop`. */
export async function workThumbnails(boss: PgBoss): Promise<ThumbnailWork> {
  const queue = WORK_QUEUES.thumbnails;
  await boss.createQueue(queue.name, queue.options);
  // A queue made by an earlier release keeps its row: its retry policy is brought up to date.
  const { policy: _policy, ...retryPolicy } = queue.options;
  await boss.updateQueue(queue.name, retryPolicy);
  return registerDelayedWorkRunners(boss, queue.name, THUMBNAILS_PER_WORKER, { pollingIntervalSeconds: RUNNER_POLL_SECONDS }, makeThumbnail);
}
