import "server-only";
import { db } from "@/lib/db/client";
import { sendVideoStep } from "@/lib/jobs/job-sender";
import { log } from "@/lib/log";
import { stepVideo } from "./sync-steps";
import { ACTIVE_VIDEO_PHASES } from "./video-dto";
import { claimVideo, renewLeases, VIDEO_LEASE_MS } from "./video-lease";

// One run of the video step queue (lib/jobs/work-queues): every video job is followed to its end
// whether or not a browser is open, one step at a time (lib/videos/sync-steps), each step sending the
// next for the time it saved on the row. Pages read the studio's rows and cause no upstream traffic
// however many are open.

const activeStatuses: readonly string[] = ACTIVE_VIDEO_PHASES;

/**
 * Takes one step of video job `videoJobId` if it is due and nobody holds it, then makes its next step
 * due when the row says. A step that `signal` aborts (the worker stops) backs off on the row like any
 * failed step, and is taken up again from there.
 */
export async function runVideoStep(videoJobId: string, signal: AbortSignal): Promise<void> {
  const video = await claimVideo(videoJobId);
  if (video) {
    // Archiving can take minutes: the claim is kept alive while the step works.
    const renew = setInterval(() => void renewLeases([video.id]).catch((error: unknown) => log.warn({ err: error }, "video lease renewal failed")), VIDEO_LEASE_MS / 3);
    try {
      await stepVideo(video, signal);
    } catch (error) {
      log.error({ err: error, videoJobId }, "video step could not be recorded; the lease runs out and the job is taken up again");
      return;
    } finally {
      clearInterval(renew);
    }
  }
  await sendNextVideoStep(videoJobId);
}

/**
 * Makes the job's next step due at its `nextPollAt`, unless it has ended or a worker holds it: the
 * holder sends the next step itself when it is done, and a holder that died lets go when its lease
 * runs out, when the upkeep sweep (lib/videos/send-due-video-steps) takes the job up.
 */
async function sendNextVideoStep(videoJobId: string): Promise<void> {
  const row = await db.videoJob.findUnique({ where: { id: videoJobId }, select: { status: true, nextPollAt: true, leaseUntil: true } });
  if (!row?.nextPollAt || !activeStatuses.includes(row.status)) return;
  if (row.leaseUntil && row.leaseUntil > new Date()) return;
  await sendVideoStep(videoJobId, { startAfter: row.nextPollAt });
}
