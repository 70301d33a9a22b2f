import "server-only";
import { tokenStillValid } from "@/lib/access-tokens/authenticate-token";
import { sessionSignedIn } from "@/lib/auth/sessions";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";

/** A job event as a stream sends it: its position and the job as JSON text. */
type StreamedEvent = { id: bigint; data: string };

type Row = { signedIn: boolean; id: string | null; data: string | null };

/**
 * The user's job events after `cursor` (at most `take`, oldest first), read only if the user's
 * session (or token) still works; null once it does not (signed out, password changed, account
 * disabled, token revoked or expired, on any studio process). One statement: a stream checks its
 * credential as often as it reads, at no extra round trip, and never sends what was read after it ended.
 */
export async function readEventsWhileSignedIn(user: CurrentUser, cursor: bigint, take: number): Promise<StreamedEvent[] | null> {
  const stillValid = user.tokenId === undefined ? sessionSignedIn(user.sessionId) : tokenStillValid(user.tokenId);
  // Ids travel as text: the two engines' adapters return a bigint column as different JavaScript
  // types. The job is sent as stored, so its JSON is never parsed only to be written out again.
  const rows = await db.$queryRaw<Row[]>`
    SELECT "session"."signedIn", e."id"::text AS "id", e."data"::text AS "data"
      FROM (SELECT ${stillValid} AS "signedIn") "session"
      LEFT JOIN LATERAL (
        SELECT "id", "data" FROM "JobEvent"
         WHERE "session"."signedIn" AND "ownerId" = ${user.id} AND "id" > ${cursor.toString()}::bigint
         ORDER BY "id" LIMIT ${take}
      ) e ON true
     ORDER BY e."id"`;
  if (!rows[0]?.signedIn) return null;
  return rows.flatMap((row) => (row.id === null || row.data === null ? [] : [{ id: BigInt(row.id), data: row.data }]));
}
