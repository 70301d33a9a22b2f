// The statements over the studio-wide line's rows (UpstreamGateTicket, issue 9) behind
// lib/upstream/database-gate. Times are the database's clock in UTC (as Prisma stores DateTime), so
// processes whose own clocks disagree still agree on which tickets are stale. Ticket ids travel as
// text: the two engines' adapters return a bigint column as different JavaScript types.
import "server-only";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

export type Tx = Prisma.TransactionClient;
type Db = PrismaClient | Tx;

/** A ticket's id (the row's bigint id, as text). */
export type TicketId = string;

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** Tickets whose heartbeat is older than this belong to a process that died. */
function staleBefore(staleAfterMs: number): Prisma.Sql {
  return Prisma.sql`(${NOW} - ${staleAfterMs}::int * interval '1 millisecond')`;
}

/** Joins the end of `model`'s line. */
export async function insertTicket(db: Db, model: string, holderId: string): Promise<TicketId> {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "UpstreamGateTicket" ("model", "holderId", "heartbeatAt", "createdAt")
    VALUES (${model}, ${holderId}, ${NOW}, ${NOW})
    RETURNING "id"::text AS "id"`;
  return row.id;
}

export async function deleteTicket(db: Db, ticket: TicketId): Promise<void> {
  await db.$executeRaw`DELETE FROM "UpstreamGateTicket" WHERE "id" = ${ticket}::bigint`;
}

/**
 * Marks the holder's tickets, waiting or admitted, as still alive. A ticket another transaction has
 * locked (an admission admitting or deleting it, which takes its rows in an order of its own) is
 * skipped rather than waited for: a heartbeat that waited could deadlock with that admission
 * (PostgreSQL then aborts one of them). The skipped ticket is marked at the next beat, well before
 * it could go stale.
 */
export async function beatHeartbeats(db: Db, holderId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "UpstreamGateTicket" SET "heartbeatAt" = ${NOW}
     WHERE "id" IN (SELECT "id" FROM "UpstreamGateTicket" WHERE "holderId" = ${holderId} FOR UPDATE SKIP LOCKED)`;
}

export interface AdmissionOptions {
  model: string;
  limit: number;
  staleAfterMs: number;
}

/**
 * Runs `change` (joining or leaving the model's line, or nothing), then deletes the model's stale
 * tickets and admits its oldest waiting live tickets into the slots its live admitted tickets leave
 * free, in one transaction: a freed slot is handed on as it is freed. Returns what `change` returned
 * and the tickets admitted. Under the model's lock: without it two processes could count the same
 * free slots at once and together admit more than `limit`.
 */
export async function admitAfter<T>(db: PrismaClient, options: AdmissionOptions, change: (tx: Tx) => Promise<T>): Promise<{ changed: T; admitted: TicketId[] }> {
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, "upstream-gate", options.model);
    const changed = await change(tx);
    return { changed, admitted: await admitStatement(tx, options) };
  });
}

async function admitStatement(db: Db, { model, limit, staleAfterMs }: AdmissionOptions): Promise<TicketId[]> {
  const cutoff = staleBefore(staleAfterMs);
  // A data-modifying WITH runs to completion even though nothing reads it; the rest of the
  // statement sees the rows as they were, hence the explicit heartbeat checks below.
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH "stale" AS (
      DELETE FROM "UpstreamGateTicket" WHERE "model" = ${model} AND "heartbeatAt" < ${cutoff}
    )
    UPDATE "UpstreamGateTicket" SET "admittedAt" = ${NOW}
     WHERE "id" IN (
       SELECT "id" FROM "UpstreamGateTicket"
        WHERE "model" = ${model} AND "admittedAt" IS NULL AND "heartbeatAt" >= ${cutoff}
        ORDER BY "id"
        LIMIT GREATEST(${limit}::int - (
          SELECT count(*) FROM "UpstreamGateTicket"
           WHERE "model" = ${model} AND "admittedAt" IS NOT NULL AND "heartbeatAt" >= ${cutoff}
        ), 0)
     )
    RETURNING "id"::text AS "id"`;
  return rows.map((row) => row.id);
}

export interface TicketPlace {
  ticket: TicketId;
  model: string;
  admitted: boolean;
  /** Live waiting tickets of the model up to and including this one (1 = next); 0 once admitted. */
  position: number;
  /** Live admitted tickets of the model, any holder's. */
  busy: number;
}

/** Where each of the holder's tickets stands, in one query. */
export async function placesOf(db: Db, holderId: string, staleAfterMs: number): Promise<TicketPlace[]> {
  const cutoff = staleBefore(staleAfterMs);
  const rows = await db.$queryRaw<{ ticket: string; model: string; admitted: boolean; position: number | bigint; busy: number | bigint }[]>`
    SELECT t."id"::text AS "ticket", t."model", t."admittedAt" IS NOT NULL AS "admitted",
           CASE WHEN t."admittedAt" IS NOT NULL THEN 0 ELSE (
             SELECT count(*) FROM "UpstreamGateTicket" o
              WHERE o."model" = t."model" AND o."admittedAt" IS NULL AND o."id" <= t."id"
                AND (o."id" = t."id" OR o."heartbeatAt" >= ${cutoff})
           ) END::int AS "position",
           (SELECT count(*) FROM "UpstreamGateTicket" a
             WHERE a."model" = t."model" AND a."admittedAt" IS NOT NULL AND a."heartbeatAt" >= ${cutoff})::int AS "busy"
      FROM "UpstreamGateTicket" t
     WHERE t."holderId" = ${holderId}`;
  return rows.map((row) => ({ ...row, position: Number(row.position), busy: Number(row.busy) }));
}
