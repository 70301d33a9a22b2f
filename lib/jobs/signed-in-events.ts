import "server-only";
import { sessionSignedIn } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";

/** A job event as a stream sends it: its position and the job as JSON text. */
type StreamedEvent = { id: bigint; data: string };

type Row = { signedIn: boolean; id: string | null; data: string | null };

/**
 * The owner's job events after `cursor` (at most `take`, oldest first), read only if `sessionId` is
 * still signed in; null once it is not (signed out, password changed, account disabled, on any
 * studio process). One statement: a stream checks its session as often as it reads, at no extra
 * round trip, and never sends what was read after the session ended.
 */
export async function readEventsWhileSignedIn(sessionId: string, ownerId: string, cursor: bigint, take: number): Promise<StreamedEvent[] | null> {
  // Ids travel as text: the two engines' adapters return a bigint column as different JavaScript
  // types. The job is sent as stored, so its JSON is never parsed only to be written out again.
  const rows = await db.$queryRaw<Row[]>`
    SELECT "session"."signedIn", e."id"::text AS "id", e."data"::text AS "data"
      FROM (SELECT ${sessionSignedIn(sessionId)} AS "signedIn") "session"
      LEFT JOIN LATERAL (
        SELECT "id", "data" FROM "JobEvent"
         WHERE "session"."signedIn" AND "ownerId" = ${ownerId} AND "id" > ${cursor.toString()}::bigint
         ORDER BY "id" LIMIT ${take}
      ) e ON true
     ORDER BY e."id"`;
  if (!rows[0]?.signedIn) return null;
  return rows.flatMap((row) => (row.id === null || row.data === null ? [] : [{ id: BigInt(row.id), data: row.data }]));
}
