import "server-only";
import { db } from "@/lib/db/client";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { sendVideoStep } from "@/lib/jobs/job-sender";
import { saveVideo } from "./save-video";

// The agent keeps a job and its result only until the job's `expires_at` (spec 2.5); then the job is
// gone and requests for it answer 404 (spec 3.1, "Expiry reached"), by default 7 days after it was
// accepted (spec 8, "Video job retention"). A job the studio has not archived by then is lost, so the
// upkeep brings the archive of a job nearing that moment forward, and ends one already past it.

/** How long before its `expires_at` a job not yet archived is looked at at once rather than at its next poll. */
export const EXPIRY_MARGIN_MS = 24 * 60 * 60 * 1000;

/** Jobs the agent has accepted and the studio has not archived yet: these have an `expires_at`. */
const UNARCHIVED_STATUSES = ["queued", "running", "archiving"] as const;

/** Whatever no worker holds now: a held job is being looked at already. */
function leaseFree(now: Date) {
  return { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
}

export type ExpiringVideosOutcome = { broughtForward: number; expired: number };

/**
 * Makes every unarchived job whose `expires_at` is within EXPIRY_MARGIN_MS due now (its waiting step
 * moved to now), and ends as gone every one whose `expires_at` has passed. Each is logged.
 */
export async function archiveExpiringVideos(now = new Date()): Promise<ExpiringVideosOutcome> {
  const unarchived = { status: { in: [...UNARCHIVED_STATUSES] }, upstreamId: { not: null }, ...leaseFree(now) };
  const expired = await db.videoJob.findMany({ where: { ...unarchived, expiresAt: { lte: now } } });
  let ended = 0;
  for (const video of expired) {
    if (await endExpired(video, now)) ended += 1;
  }
  const nearing = { ...unarchived, expiresAt: { gt: now, lte: new Date(now.getTime() + EXPIRY_MARGIN_MS) }, nextPollAt: { gt: now } };
  const broughtForward = await db.$transaction(async (tx) => {
    const due = await tx.videoJob.updateManyAndReturn({ where: nearing, data: { nextPollAt: now }, select: { id: true, status: true, expiresAt: true } });
    for (const video of due) log.info({ videoJobId: video.id, status: video.status, expiresAt: video.expiresAt }, "video job nears its expiry upstream: archiving it now");
    for (const video of due) await sendVideoStep(video.id, { tx, startAfter: now });
    return due.length;
  });
  return { broughtForward, expired: ended };
}

/** Ends the job as gone unless a worker took it or it changed meanwhile. */
async function endExpired(video: VideoJob, now: Date): Promise<boolean> {
  const expiredAt = video.expiresAt!.toISOString();
  const saved = await saveVideo(
    video,
    {
      status: "gone",
      errorCode: "gone",
      errorMessage: `The video service kept this job until ${expiredAt} (jobs and results are kept 7 days), and the studio had not archived it by then.`,
      nextPollAt: null,
    },
    leaseFree(now),
  );
  if (saved) log.warn({ videoJobId: video.id, expiresAt: expiredAt }, "video job passed its expiry upstream before it was archived: ended as gone");
  return saved !== null;
}
