import "server-only";
import type pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "./database-unavailable";

// Statements sent straight through pg, past Prisma's client, for a hot path that is SQL already: a
// statement costs its client far less CPU this way (npm run bench:floor measures both).
// Statements are written with Prisma.sql, whose parameters pg sends the same way. pg turns a JS Date
// into local time with an offset, which a timestamp column without a zone would store as it reads, so
// a time is given in SQL (now() AT TIME ZONE 'UTC', as Prisma stores DateTime), never as a Date.

/** Runs statements on one pool or on one transaction's connection. */
export type Sql = { rows<Row>(statement: Prisma.Sql): Promise<Row[]> };

export function sqlOn(client: pg.Pool | pg.PoolClient): Sql {
  return {
    async rows<Row>(statement: Prisma.Sql) {
      const result = await client.query(statement.text, statement.values);
      return result.rows as Row[];
    },
  };
}

/**
 * Runs `work` in one transaction on one of the pool's connections: committed when it resolves, rolled
 * back when it rejects. A connection the failure broke is closed rather than handed back to the pool.
 */
export async function sqlTransaction<T>(pool: pg.Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  // A connection that fails between two statements emits "error", which would crash the process
  // with nobody listening; the statement after it then fails only with "not queryable", so the
  // connection's own error is the one thrown: it says why (a restart, a termination).
  let lost: unknown;
  const onError = (error: unknown) => (lost = error);
  connection.on("error", onError);
  let broken = false;
  try {
    await connection.query("BEGIN");
    const result = await work(sqlOn(connection));
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    broken = lost !== undefined || isDatabaseUnavailable(error);
    if (!broken) await connection.query("ROLLBACK").catch(() => (broken = true));
    throw lost ?? error;
  } finally {
    connection.removeListener("error", onError);
    connection.release(broken);
  }
}
