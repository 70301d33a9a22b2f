import "server-only";
import { db } from "@/lib/db/client";

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimitState = {
  /** Whether this attempt (hit) or the next one (peek) is within the limit. */
  allowed: boolean;
  /** Attempts counted in the current window. */
  count: number;
  /** Seconds until the window ends and the count starts again (0 when no window is open). */
  retryAfterSeconds: number;
};

type Row = { count: number; retryAfterSeconds: number };

// Fixed-window counters in the RateLimit table. Each hit is ONE statement: PostgreSQL's
// INSERT … ON CONFLICT DO UPDATE takes the row lock, so concurrent hits, from this process or
// another studio instance on the same database, are counted exactly and a window that has ended
// starts over in the same step. The clock is the database's (`now()`), one clock for all
// instances; timestamps are stored as UTC without a zone, as Prisma writes them, truncated to the
// column's milliseconds so a window never reads as longer than it is.

/** Counts one attempt under `key` and says whether it is within `rule`. */
export async function hit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await db.$queryRaw<Row[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${key}, 1, date_trunc('milliseconds', now() AT TIME ZONE 'UTC') + CAST(${rule.windowMs} AS integer) * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", CAST(CEIL(EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC')))) AS integer) AS "retryAfterSeconds"`;
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds: Math.max(row.retryAfterSeconds, 1) };
}

/** The state under `key` without counting: `allowed` says whether one more attempt would be. */
export async function peek(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT "count", CAST(CEIL(EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC')))) AS integer) AS "retryAfterSeconds"
    FROM "RateLimit" WHERE "key" = ${key} AND "resetAt" > (now() AT TIME ZONE 'UTC')`;
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return { allowed: row.count < rule.limit, count: row.count, retryAfterSeconds: Math.max(row.retryAfterSeconds, 1) };
}

/** Takes back one counted attempt, for attempts counted up front that turned out fine. */
export async function refund(key: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateLimit" SET "count" = GREATEST("count" - 1, 0)
    WHERE "key" = ${key} AND "resetAt" > (now() AT TIME ZONE 'UTC')`;
}

/** Forgets every attempt under `key`. */
export async function clear(key: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "RateLimit" WHERE "key" = ${key}`;
}

/** Deletes windows that have ended; rows are tiny, so this only keeps the table from growing forever. */
export async function sweepExpired(): Promise<number> {
  return db.$executeRaw`DELETE FROM "RateLimit" WHERE "resetAt" <= (now() AT TIME ZONE 'UTC')`;
}
