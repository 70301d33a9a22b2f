import { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** Where earlier releases kept their embedded PGlite database, under the studio's data directory. */
export const PGLITE_DIR_NAME = "pglite";
/** What that directory is renamed to once its contents are verified in PostgreSQL. */
export const CARRIED_OVER_DIR_NAME = "pglite.carried-over";

export type CarryOverReport = {
  /** Rows per table, the same in the old database and the new one. */
  rows: Record<string, number>;
  /** Where the old files now are (kept for the admin to remove). */
  keptAt: string;
  tookMs: number;
};

/** True when `dataDir` holds an earlier release's PGlite database that was never carried over. */
export function hasPgliteToCarryOver(dataDir: string): boolean {
  return existsSync(path.join(dataDir, PGLITE_DIR_NAME, "PG_VERSION"));
}

/**
 * Copies an earlier release's embedded PGlite database into the empty PostgreSQL database at `url`,
 * once: PGlite's own pg_dump reads a copy of its files (so the originals are never opened, let alone
 * changed), and the dump runs in one transaction that commits only when every table has the same
 * number of rows on both sides. Then the old directory is renamed to `pglite.carried-over`. A start
 * cut off between the commit and the rename finds the rows already there, checks them again and
 * finishes. The migrations ledger comes along, so later migrations apply on top as usual.
 */
export async function carryOverPglite(dataDir: string, url: string): Promise<CarryOverReport> {
  const started = performance.now();
  const source = path.join(dataDir, PGLITE_DIR_NAME);
  const scratch = await mkdtemp(path.join(os.tmpdir(), "studio-pglite-"));
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const copy = path.join(scratch, PGLITE_DIR_NAME);
    await cp(source, copy, { recursive: true });
    const pglite = new PGlite(copy);
    try {
      const rows = (await tableNames(target)).length === 0 ? await copyInto(pglite, target) : await verifyRowCounts(pglite, target);
      const keptAt = path.join(dataDir, CARRIED_OVER_DIR_NAME);
      await rename(source, keptAt);
      return { rows, keptAt, tookMs: Math.round(performance.now() - started) };
    } finally {
      await pglite.close();
    }
  } finally {
    await target.end();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Dumps PGlite into the empty target and commits only when the row counts agree. */
async function copyInto(pglite: PGlite, target: pg.Client): Promise<Record<string, number>> {
  // Multi-row INSERTs rather than COPY: the dump then runs as plain SQL over any connection.
  const dump = await pgDump({ pg: pglite, args: ["--rows-per-insert=500", "--no-owner", "--no-privileges"] });
  await target.query(`BEGIN;\n${await dump.text()}`);
  try {
    const rows = await verifyRowCounts(pglite, target);
    await target.query("COMMIT");
    return rows;
  } catch (error) {
    await target.query("ROLLBACK");
    throw error;
  }
}

type Queryable = { query<R>(sql: string): Promise<{ rows: R[] }> };

async function tableNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  return rows.map((row) => row.name);
}

async function countRows(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM "public"."${table.replaceAll('"', '""')}"`);
  return Number(rows[0]?.n);
}

async function verifyRowCounts(source: Queryable, target: Queryable): Promise<Record<string, number>> {
  const [sourceTables, targetTables] = await Promise.all([tableNames(source), tableNames(target)]);
  if (sourceTables.join() !== targetTables.join()) {
    throw new Error(`the copy has tables ${targetTables.join(", ")} where PGlite has ${sourceTables.join(", ")}`);
  }
  const rows: Record<string, number> = {};
  for (const table of sourceTables) {
    const [before, after] = [await countRows(source, table), await countRows(target, table)];
    if (before !== after) throw new Error(`table ${table} has ${after} rows in PostgreSQL but ${before} in PGlite`);
    rows[table] = before;
  }
  return rows;
}
