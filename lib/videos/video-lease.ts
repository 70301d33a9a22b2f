import "server-only";
import { db } from "@/lib/db/client";
import type { VideoJob } from "@/lib/generated/prisma/client";
import { RUNNER_ID } from "@/lib/jobs/runner";
import { ACTIVE_VIDEO_PHASES } from "./video-dto";

// Work on a video job is claimed with a lease in the database: of several studio instances
// on one PostgreSQL only the holder polls, sends or archives a job, and a crashed holder's jobs are
// taken over once its lease runs out. The claim is one conditional UPDATE per job (lease free or
// expired, job due): PostgreSQL re-checks that condition on the row after any concurrent update
// commits, so of two instances claiming at once exactly one sees a row changed. pg-boss already runs
// one step of a video at a time (lib/jobs/work-queues); the lease is what holds whatever the engine
// delivers twice (an expired step still running, a job changed by hand).

/** How long a claim lasts without renewal; the holder renews while it works (archiving can take minutes). */
export const VIDEO_LEASE_MS = 60_000;
/** This process, as the holder named on the jobs it works on. */
export const VIDEO_WORKER_ID = RUNNER_ID;

const activeStatuses = [...ACTIVE_VIDEO_PHASES];

function leaseFree(now: Date) {
  return { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
}

/** Claims video job `id` for `worker` (this process unless a test plays another) if it is due and no one holds it; the job as claimed, or null. */
export async function claimVideo(id: string, now = new Date(), worker: string = VIDEO_WORKER_ID): Promise<VideoJob | null> {
  const due = { id, status: { in: activeStatuses }, nextPollAt: { lte: now }, ...leaseFree(now) };
  const [claimed] = await db.videoJob.updateManyAndReturn({ where: due, data: { leaseOwner: worker, leaseUntil: new Date(now.getTime() + VIDEO_LEASE_MS) } });
  return claimed ?? null;
}

/** The active jobs that are due and that no live worker holds: what a step must be waiting for. */
export async function dueUnheldVideoIds(now = new Date()): Promise<string[]> {
  const rows = await db.videoJob.findMany({ where: { status: { in: activeStatuses }, nextPollAt: { lte: now }, ...leaseFree(now) }, select: { id: true } });
  return rows.map((row) => row.id);
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
