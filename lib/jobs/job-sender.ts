import "server-only";
import { PgBoss } from "pg-boss";
import { databaseUrlInUse, db } from "@/lib/db/client";
import { ENGINE_POOL_OPTIONS } from "@/lib/db/pool-idle";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { announceDelayedWork, announceImageRunAtCommit } from "@/lib/wakeups/channel";
import { THUMBNAIL_DELAY_SECONDS, WORK_QUEUES } from "./work-queues";

// How a process hands work to the workers: a pg-boss job inserted by the transaction that records
// the row it is about (a studio job, a result awaiting its thumbnail), so the two commit together or
// not at all (a start that fails leaves no run behind, and a recorded job always has its run). The
// client only inserts: it neither works queues nor runs pg-boss's upkeep, which are the worker's
// (lib/engine/worker). It lives on globalThis, like the database client: Next's bundles each have
// their own copy of this module.

/** How the sender shows in pg_stat_activity. */
const APPLICATION_NAME = "studio job sender";

type Sender = { url: string; boss: Promise<PgBoss> };
const holder = globalThis as typeof globalThis & { studioJobSender?: Sender };

async function startSender(url: string): Promise<PgBoss> {
  const boss = new PgBoss({ ...ENGINE_POOL_OPTIONS, connectionString: url, application_name: APPLICATION_NAME, max: 2, supervise: false, schedule: false });
  // Only the code and message: an error may carry the connection, whose parameters hold the password.
  boss.on("error", (error: { code?: unknown; message?: unknown }) => log.error({ code: error.code, reason: error.message }, "job sender error"));
  await boss.start();
  // A web process may send before any worker has started on this database.
  for (const queue of Object.values(WORK_QUEUES)) await boss.createQueue(queue.name, queue.options);
  return boss;
}

function sender(): Promise<PgBoss> {
  const url = databaseUrlInUse();
  if (holder.studioJobSender?.url !== url) {
    const boss = startSender(url);
    // A start that failed is tried again by the next send.
    boss.catch(() => {
      if (holder.studioJobSender?.boss === boss) holder.studioJobSender = undefined;
    });
    holder.studioJobSender = { url, boss };
  }
  return holder.studioJobSender.boss;
}

/** pg-boss's statements run on the caller's Prisma transaction. */
function onTransaction(tx: Prisma.TransactionClient) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return { rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) };
    },
  };
}

/** Sends the run of image job `jobId` to the workers, and wakes one runner for it; it is sent only if `tx` commits. */
export async function sendImageJobRun(tx: Prisma.TransactionClient, jobId: string): Promise<void> {
  const boss = await sender();
  await boss.send(WORK_QUEUES.imageJobs.name, { jobId }, { db: onTransaction(tx) });
  await announceImageRunAtCommit(tx, jobId);
}

/**
 * Sends the making of asset `assetId`'s thumbnail to the workers, and has them wake for it when it
 * comes due; it is sent only if `tx` commits, and once while one waits or runs.
 */
export async function sendThumbnailRun(tx: Prisma.TransactionClient, assetId: string): Promise<void> {
  const boss = await sender();
  const queue = WORK_QUEUES.thumbnails.name;
  await boss.send(queue, { assetId }, { db: onTransaction(tx), singletonKey: assetId, startAfter: THUMBNAIL_DELAY_SECONDS });
  await announceDelayedWork(tx, queue, THUMBNAIL_DELAY_SECONDS * 1000);
}

/**
 * Makes the next step of video job `videoJobId` due at `startAfter` (at once when omitted), on `tx`
 * when given (sent only if it commits). A step already waiting for the video is moved rather than
 * doubled: the video's id is the step's singleton key. The workers wake for it when it comes due.
 */
export async function sendVideoStep(videoJobId: string, options: { tx?: Prisma.TransactionClient; startAfter?: Date } = {}): Promise<void> {
  const boss = await sender();
  const queue = WORK_QUEUES.videoSteps.name;
  const startAfter = options.startAfter ?? new Date();
  await boss.upsert(queue, { videoJobId }, {
    singletonKey: videoJobId,
    // Always named: an upsert leaves what it is not given as it was, and a waiting step may be due later.
    startAfter,
    ...(options.tx ? { db: onTransaction(options.tx) } : {}),
  });
  await announceDelayedWork(options.tx ?? db, queue, startAfter.getTime() - Date.now());
}

/** Stops this process's sender (tests, whose database goes away). */
export async function stopJobSender(): Promise<void> {
  const current = holder.studioJobSender;
  holder.studioJobSender = undefined;
  if (current) await (await current.boss.catch(() => undefined))?.stop({ graceful: false });
}
