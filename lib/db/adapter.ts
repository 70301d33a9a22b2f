import { PGlite } from "@electric-sql/pglite";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { dataDir } from "../data-dir";
import { settings, type Settings } from "../settings";
import { MigrationSafePg } from "./pg-adapter";
import { MigrationSafePGlite } from "./pglite-adapter";

/** Where the studio's data lives: embedded PGlite by default, PostgreSQL when DATABASE_URL is set. */
export type DbTarget =
  | { engine: "pglite"; dataDir: string }
  | { engine: "postgres"; url: string };

/** PGlite data directory for in-memory databases (tests, migration diffs). */
export const IN_MEMORY = "memory://";

/** The database the settings name (DATABASE_URL is validated with the other settings). */
export function resolveDbTarget(config: Pick<Settings, "DATABASE_URL" | "STUDIO_DATA_DIR"> = settings()): DbTarget {
  if (config.DATABASE_URL) return { engine: "postgres", url: config.DATABASE_URL };
  return { engine: "pglite", dataDir: path.join(dataDir(config.STUDIO_DATA_DIR), "pglite") };
}

/** A driver adapter factory plus the means to release the driver underneath it. */
export type DriverHandle = {
  target: DbTarget;
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Releases the driver; call it after `$disconnect()` of any client using `factory`. */
  close(): Promise<void>;
};

export function openDriver(target: DbTarget): DriverHandle {
  if (target.engine === "pglite") {
    // PGlite creates its data directory but not the parents (e.g. a fresh STUDIO_DATA_DIR).
    // Owner-only, like the rest of the data directory: the database holds password hashes.
    if (target.dataDir !== IN_MEMORY) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    const pglite = new PGlite(target.dataDir);
    // A live PGlite keeps a timer running, so nothing exits until it is closed.
    return { target, factory: new MigrationSafePGlite(pglite), close: () => pglite.close() };
  }
  // The pool is ours rather than the adapter's so that every user of `factory` (the Prisma client
  // and the schema engine, which never disposes it) is released by one `close()`.
  const pool = new pg.Pool({ connectionString: target.url });
  pool.on("error", reportIdleConnectionError);
  return { target, factory: new MigrationSafePg(pool), close: () => pool.end() };
}

/**
 * A pooled connection that fails while idle (PostgreSQL restarted or terminated it, or a test
 * dropped its database just after close(): pool.end() resolves before its connections have closed)
 * is discarded by pg-pool, which then emits "error" on the pool; with nobody listening, that event
 * crashes the process, and Prisma's adapter listens only while a client is connected. The next
 * query opens a new connection. Only the code and message are printed: the error carries the
 * connection, whose parameters include the password.
 */
function reportIdleConnectionError(error: Error & { code?: string }): void {
  console.warn(`PostgreSQL: an idle connection failed and was discarded (${error.code ?? "no code"}: ${error.message})`);
}
