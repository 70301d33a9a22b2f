// The statements over the studio-wide line's rows (UpstreamGateTicket, UpstreamGateServed) behind
// lib/upstream/database-gate, sent straight through pg (lib/db/sql): an upstream call's turn in line
// costs a dozen statements. Times are the database's clock in UTC (as Prisma stores DateTime), so
// processes whose own clocks disagree still agree on which tickets are stale. Ticket ids travel as
// text, as JavaScript has no bigint column type.
import "server-only";
import type pg from "pg";
import { advisoryXactLockCall } from "@/lib/db/advisory-lock";
import { sqlTransaction, type Sql } from "@/lib/db/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LineParty } from "./concurrency-gate";
import { admissionOrder, NOBODY, personKeyOf, type LineTicket, type ServedMarks } from "./fair-order";


/** A ticket's id (the row's bigint id, as text). */
export type TicketId = string;

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** The kinds of party whose turns UpstreamGateServed keeps. */
const PERSON = "person";
const TEAM = "team";

/** Tickets whose heartbeat is older than this belong to a process that died. */
function staleBefore(staleAfterMs: number): Prisma.Sql {
  return Prisma.sql`(${NOW} - ${staleAfterMs}::int * interval '1 millisecond')`;
}

/** Joins `model`'s line, carrying `party`'s work (nobody's without one). */
export async function insertTicket(sql: Sql, model: string, holderId: string, party?: LineParty): Promise<TicketId> {
  const [row] = await sql.rows<{ id: string }>(Prisma.sql`
    INSERT INTO "UpstreamGateTicket" ("model", "holderId", "personId", "teamId", "heartbeatAt", "createdAt")
    VALUES (${model}, ${holderId}, ${party?.personId ?? null}, ${party?.teamId ?? null}, ${NOW}, ${NOW})
    RETURNING "id"::text AS "id"`);
  return row.id;
}

export async function deleteTicket(sql: Sql, ticket: TicketId): Promise<void> {
  await sql.rows(Prisma.sql`DELETE FROM "UpstreamGateTicket" WHERE "id" = ${ticket}::bigint`);
}

/**
 * Marks the holder's tickets, waiting or admitted, as still alive. A ticket another transaction has
 * locked (an admission admitting or deleting it, which takes its rows in an order of its own) is
 * skipped rather than waited for: a heartbeat that waited could deadlock with that admission
 * (PostgreSQL then aborts one of them). The skipped ticket is marked at the next beat, well before
 * it could go stale.
 */
export async function beatHeartbeats(sql: Sql, holderId: string): Promise<void> {
  await sql.rows(Prisma.sql`
    UPDATE "UpstreamGateTicket" SET "heartbeatAt" = ${NOW}
     WHERE "id" IN (SELECT "id" FROM "UpstreamGateTicket" WHERE "holderId" = ${holderId} FOR UPDATE SKIP LOCKED)`);
}

export interface AdmissionOptions {
  model: string;
  limit: number;
  staleAfterMs: number;
}

/**
 * Runs `change` (joining or leaving the model's line, or nothing), then deletes the model's stale
 * tickets and admits waiting live tickets, in the line's order (lib/upstream/fair-order), into the
 * slots its live admitted tickets leave free, in one transaction: a freed slot is handed on as it is
 * freed. Returns what `change` returned and the tickets admitted. Under the model's lock: without it
 * two processes could count the same free slots at once and together admit more than `limit`, or
 * read the same turns and serve the same person twice.
 */
export async function admitAfter<T>(pool: pg.Pool, options: AdmissionOptions, change: (tx: Sql) => Promise<T>): Promise<{ changed: T; admitted: TicketId[] }> {
  return sqlTransaction(pool, async (tx) => {
    await tx.rows(Prisma.sql`SELECT ${advisoryXactLockCall("upstream-gate", options.model)}`);
    const changed = await change(tx);
    return { changed, admitted: await admitNext(tx, options) };
  });
}

async function admitNext(tx: Sql, { model, limit, staleAfterMs }: AdmissionOptions): Promise<TicketId[]> {
  const line = lineOf(await readLineDroppingStale(tx, model, staleAfterMs));
  const admitted = line.order.slice(0, Math.max(limit - line.busy, 0));
  if (admitted.length === 0) return [];
  await markAdmitted(tx, model, admitted);
  return admitted.map((ticket) => ticket.ticket);
}

/** Deletes the model's stale tickets and reads the rest of its line, in one statement. */
function readLineDroppingStale(tx: Sql, model: string, staleAfterMs: number): Promise<LineRow[]> {
  // The statement's reads see the line as it was before its own delete, so the deleted ids are left out.
  return readLines(
    tx,
    Prisma.sql`t."model" = ${model} AND t."id" NOT IN (SELECT "id" FROM stale)`,
    staleAfterMs,
    Prisma.sql`WITH stale AS (DELETE FROM "UpstreamGateTicket" WHERE "model" = ${model} AND "heartbeatAt" < ${staleBefore(staleAfterMs)} RETURNING "id")`,
  );
}

/**
 * Marks the tickets admitted, and each one's person and team as served in admission order after every
 * earlier admission of the line, in one statement. A party admitted twice at once is written once,
 * with its later turn: one command may not update the same row twice.
 */
async function markAdmitted(tx: Sql, model: string, admitted: LineTicket[]): Promise<void> {
  const turns = new Map<string, { party: string; partyId: string; turn: number }>();
  for (const [index, ticket] of admitted.entries()) {
    const parties: [string, string][] = [[PERSON, personKeyOf(ticket)]];
    if (ticket.teamId !== null) parties.push([TEAM, ticket.teamId]);
    for (const [party, partyId] of parties) turns.set(`${party}:${partyId}`, { party, partyId, turn: index + 1 });
  }
  const marks = [...turns.values()];
  await tx.rows(Prisma.sql`
    WITH admitted AS (
      UPDATE "UpstreamGateTicket" SET "admittedAt" = ${NOW} WHERE "id" = ANY(${admitted.map((ticket) => ticket.ticket)}::bigint[])
    ), last AS (
      SELECT COALESCE(MAX("servedSeq"), 0) AS "seq" FROM "UpstreamGateServed" WHERE "model" = ${model}
    )
    INSERT INTO "UpstreamGateServed" ("model", "party", "partyId", "servedSeq")
    SELECT ${model}, mark."party", mark."partyId", last."seq" + mark."turn"
      FROM unnest(${marks.map((mark) => mark.party)}::text[], ${marks.map((mark) => mark.partyId)}::text[], ${marks.map((mark) => mark.turn)}::int[])
           AS mark("party", "partyId", "turn"), last
    ON CONFLICT ("model", "party", "partyId") DO UPDATE SET "servedSeq" = EXCLUDED."servedSeq"`);
}

interface LineRow extends LineTicket {
  model: string;
  holderId: string;
  admitted: boolean;
  live: boolean;
  personServed: string | null;
  teamServed: string | null;
}

/** The tickets `where` picks, with their person's and team's turns, in one statement (one snapshot) that begins with `before` (a WITH clause `where` may name). */
function readLines(sql: Sql, where: Prisma.Sql, staleAfterMs: number, before: Prisma.Sql = Prisma.empty): Promise<LineRow[]> {
  return sql.rows<LineRow>(Prisma.sql`
    ${before}
    SELECT t."id"::text AS "ticket", t."model", t."holderId", t."personId", t."teamId",
           t."admittedAt" IS NOT NULL AS "admitted", t."heartbeatAt" >= ${staleBefore(staleAfterMs)} AS "live",
           p."servedSeq"::text AS "personServed", s."servedSeq"::text AS "teamServed"
      FROM "UpstreamGateTicket" t
      LEFT JOIN "UpstreamGateServed" p ON p."model" = t."model" AND p."party" = ${PERSON} AND p."partyId" = COALESCE(t."personId", ${NOBODY})
      LEFT JOIN "UpstreamGateServed" s ON s."model" = t."model" AND s."party" = ${TEAM} AND s."partyId" = t."teamId"
     WHERE ${where}`);
}

/** One model's line from its rows: its waiting tickets in admission order, and its live admitted tickets' count. */
function lineOf(rows: LineRow[]): { order: LineTicket[]; busy: number } {
  const person = new Map<string, number>();
  const team = new Map<string, number>();
  for (const row of rows) {
    if (row.personServed !== null) person.set(personKeyOf(row), Number(row.personServed));
    if (row.teamServed !== null && row.teamId !== null) team.set(row.teamId, Number(row.teamServed));
  }
  const served: ServedMarks = { person, team };
  const waiting = rows.filter((row) => !row.admitted).map(({ ticket, personId, teamId }) => ({ ticket, personId, teamId }));
  return { order: admissionOrder(waiting, served), busy: rows.filter((row) => row.admitted && row.live).length };
}

export interface TicketPlace {
  ticket: TicketId;
  model: string;
  admitted: boolean;
  /** Place in the model's admission order among its live waiting tickets (1 = next); 0 once admitted. */
  position: number;
  /** Live admitted tickets of the model, any holder's. */
  busy: number;
}

/**
 * Where each of the holder's tickets stands, in one query. The holder's own tickets count as live
 * even if their heartbeat lags: the holder is asking, so it is alive.
 */
export async function placesOf(sql: Sql, holderId: string, staleAfterMs: number): Promise<TicketPlace[]> {
  const rows = await readLines(
    sql,
    Prisma.sql`t."model" IN (SELECT "model" FROM "UpstreamGateTicket" WHERE "holderId" = ${holderId})
               AND (t."holderId" = ${holderId} OR t."heartbeatAt" >= ${staleBefore(staleAfterMs)})`,
    staleAfterMs,
  );
  const byModel = new Map<string, LineRow[]>();
  for (const row of rows) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row]);
  return [...byModel.values()].flatMap((modelRows) => {
    const { order, busy } = lineOf(modelRows);
    const positions = new Map(order.map((ticket, index) => [ticket.ticket, index + 1]));
    return modelRows
      .filter((row) => row.holderId === holderId)
      .map((row) => ({ ticket: row.ticket, model: row.model, admitted: row.admitted, position: row.admitted ? 0 : positions.get(row.ticket)!, busy }));
  });
}
