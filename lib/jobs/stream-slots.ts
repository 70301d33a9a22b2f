import "server-only";
import { randomUUID } from "node:crypto";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { JOB_STREAMS_PER_USER } from "@/lib/http/limits";

// The job streams one person holds open, as rows (JobStreamSlot) rather than a count in this
// process's memory, so the limit holds however many studio processes share the database. Times are
// the database's clock in UTC (as Prisma stores DateTime): processes whose clocks disagree still agree
// on which slots are stale.
//
// Over the limit, the new stream is refused rather than the oldest ended: ending the oldest would make
// its tab reconnect and end the next oldest, and so on for as long as one tab too many is open. A
// refused tab follows its jobs by reading the list meanwhile and asks again a few seconds later.

/** How often an open stream marks its slot as still held. */
export const SLOT_HEARTBEAT_MS = 10_000;
/** A slot not marked for this long belongs to a process that died without freeing it (three missed beats). */
export const SLOT_STALE_AFTER_MS = 30_000;
/** A hint: a slot frees when a tab is closed or hidden, which the studio cannot foresee. */
const RETRY_AFTER_SECONDS = 10;

type StreamSlotId = string;

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
const STALE_BEFORE = Prisma.sql`(${NOW} - ${SLOT_STALE_AFTER_MS}::int * interval '1 millisecond')`;

function tooManyStreamsMessage(limit: number): string {
  return `You already follow your jobs in ${limit} open studio tabs or windows, the most at once. Close one you no longer use.`;
}

/**
 * Takes one of the user's JOB_STREAMS_PER_USER slots, or refuses with 429 `too_many_job_streams`.
 * The count and the new row are one transaction under the user's lock, so two processes cannot both
 * take the last free slot.
 */
export function takeStreamSlot(userId: string): Promise<StreamSlotId> {
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "job-streams", userId);
    await tx.$executeRaw`DELETE FROM "JobStreamSlot" WHERE "heartbeatAt" < ${STALE_BEFORE}`;
    const [{ open }] = await tx.$queryRaw<{ open: number }[]>`SELECT count(*)::int AS "open" FROM "JobStreamSlot" WHERE "userId" = ${userId}`;
    if (open >= JOB_STREAMS_PER_USER) {
      throw new AppError("too_many_job_streams", tooManyStreamsMessage(JOB_STREAMS_PER_USER), [], { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    const id = randomUUID();
    await tx.$executeRaw`INSERT INTO "JobStreamSlot" ("id", "userId", "heartbeatAt", "createdAt") VALUES (${id}, ${userId}, ${NOW}, ${NOW})`;
    return id;
  });
}

/** Marks the slot as still held; false when it is gone (found stale and freed), and the stream must end. */
export async function keepStreamSlot(slot: StreamSlotId): Promise<boolean> {
  return (await db.$executeRaw`UPDATE "JobStreamSlot" SET "heartbeatAt" = ${NOW} WHERE "id" = ${slot}`) > 0;
}

export async function freeStreamSlot(slot: StreamSlotId): Promise<void> {
  await db.$executeRaw`DELETE FROM "JobStreamSlot" WHERE "id" = ${slot}`;
}
