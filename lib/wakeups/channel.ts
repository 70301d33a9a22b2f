import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The PostgreSQL channel on which a studio process asks every process (itself included) to wake a
 * user's open job streams; the payload is the user's id. Each process's listener
 * (lib/wakeups/listener) hears it.
 */
export const JOB_STREAM_WAKE_CHANNEL = "studio_job_streams";

/**
 * Wakes the user's job streams on every studio process once `tx` commits: what changed (a job's
 * event, a revoked session) is then read at once. PostgreSQL delivers a notification only at commit,
 * never before what the transaction wrote is visible, and drops it if the transaction rolls back.
 */
export async function wakeJobStreamsAtCommit(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT ${wakeJobStreamsCall(Prisma.sql`${userId}`)}`;
}

/** The call that wakes the streams of the user `userId` names (a value, or a column of the statement it is part of). */
export function wakeJobStreamsCall(userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`pg_notify(${JOB_STREAM_WAKE_CHANNEL}, ${userId})`;
}

/** The channel on which a web process tells the workers that a job's owner asked to cancel it; the payload is the job's id. */
export const JOB_CANCEL_CHANNEL = "studio_job_cancel";

/** Tells every worker, once `tx` commits, that job `jobId` is to be cancelled: the one running it aborts at once. */
export async function announceJobCancelAtCommit(tx: Prisma.TransactionClient, jobId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${JOB_CANCEL_CHANNEL}, ${jobId})`;
}

/**
 * The channel on which a process tells every process that an upstream service became reachable or
 * unreachable; the payload is the service. Each process passes it to its job streams, whose pages then
 * read the services' states again (lib/upstream/reachability/record).
 */
export const UPSTREAMS_CHANGED_CHANNEL = "studio_upstreams_changed";

/** The channel on which a process tells the workers that an image job's run was sent; the payload is the job's id. */
export const IMAGE_RUN_SENT_CHANNEL = "studio_image_run_sent";

/**
 * Tells every worker, once `tx` commits, that the run of job `jobId` waits on the image queue: each
 * wakes one idle runner for it. The id makes each run's notification its own: PostgreSQL delivers
 * identical ones sent in one transaction (a set of variations) once.
 */
export async function announceImageRunAtCommit(tx: Prisma.TransactionClient, jobId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${IMAGE_RUN_SENT_CHANNEL}, ${jobId})`;
}

/**
 * The channel on which a process tells the workers that work was sent to wait on a queue until a
 * later time (a result's thumbnail, a video's next step); the payload is the queue's name and the
 * wait in milliseconds, "<queue> <ms>". Each worker sets a timer for it (lib/engine/delayed-work).
 */
export const DELAYED_WORK_SENT_CHANNEL = "studio_delayed_work_sent";

/**
 * Tells every worker that work on `queueName` comes due in `inMs`: once `client` commits when it is a
 * transaction, at once otherwise.
 */
export async function announceDelayedWork(client: Prisma.TransactionClient, queueName: string, inMs: number): Promise<void> {
  await client.$executeRaw`SELECT pg_notify(${DELAYED_WORK_SENT_CHANNEL}, ${`${queueName} ${Math.max(0, Math.round(inMs))}`})`;
}
