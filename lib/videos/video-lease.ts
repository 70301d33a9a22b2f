import "server-only";
import { db } from "@/lib/db/client";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { RUNNER_ID } from "@/lib/jobs/runner";
import { ACTIVE_VIDEO_PHASES } from "./video-dto";

// Work on a video job is claimed with a lease in the database (issue 11): of several studio instances
// on one PostgreSQL only the holder polls, sends or archives a job, and a crashed holder's jobs are
// taken over once its lease runs out. The claim is one conditional UPDATE per job (lease free or
// expired, job due): PostgreSQL re-checks that condition on the row after any concurrent update
// commits, so of two instances claiming at once exactly one sees a row changed.

/** How long a claim lasts without renewal; the holder renews while it works (archiving can take minutes). */
export const VIDEO_LEASE_MS = 60_000;
/** This process, as the holder named on the jobs it works on. */
export const VIDEO_WORKER_ID = RUNNER_ID;

const activeStatuses = [...ACTIVE_VIDEO_PHASES];

function leaseFree(now: Date) {
  return { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
}

/** Claims up to `limit` due jobs for `worker` (this process unless a test plays another); the jobs it now holds. */
export async function claimDueVideos(limit: number, now = new Date(), worker: string = VIDEO_WORKER_ID): Promise<VideoJob[]> {
  if (limit <= 0) return [];
  const due = { status: { in: activeStatuses }, nextPollAt: { lte: now }, ...leaseFree(now) };
  const candidates = await db.videoJob.findMany({ where: due, orderBy: { nextPollAt: "asc" }, take: limit, select: { id: true } });
  const claimed: VideoJob[] = [];
  for (const { id } of candidates) {
    claimed.push(...(await db.videoJob.updateManyAndReturn({ where: { id, ...due }, data: { leaseOwner: worker, leaseUntil: new Date(now.getTime() + VIDEO_LEASE_MS) } })));
  }
  return claimed;
}

/**
 * When the next job falls due for any worker: the earliest poll time of an active job, or, for one
 * under a lease, the end of that lease (a worker that died lets go then). Null when none is active.
 */
export async function nextDueAt(): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ due: Date | null }[]>`
    SELECT min(GREATEST("nextPollAt", COALESCE("leaseUntil", "nextPollAt"))) AS due
    FROM "VideoJob"
    WHERE "status"::text = ANY(${activeStatuses}) AND "nextPollAt" IS NOT NULL`;
  return row?.due ?? null;
}

/** Keeps this worker's claims alive while it works on them. */
export async function renewLeases(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.videoJob.updateMany({ where: { id: { in: [...ids] }, leaseOwner: VIDEO_WORKER_ID }, data: { leaseUntil: new Date(Date.now() + VIDEO_LEASE_MS) } });
}

/** With the embedded database this is the only process: leases left by the last run are void at start. */
export async function releaseAllLeases(): Promise<void> {
  await db.videoJob.updateMany({ where: { leaseOwner: { not: null } }, data: { leaseOwner: null, leaseUntil: null } });
}
