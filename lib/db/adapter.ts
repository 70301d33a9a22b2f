import pg from "pg";
import { settings, type Settings } from "../settings";
import { MigrationSafePg } from "./pg-adapter";

/**
 * The PostgreSQL server the process uses. `npm start` runs an embedded server and hands its URL to
 * the studio's processes in DATABASE_URL; a deployment names its own server there.
 */
export function databaseUrl(config: Pick<Settings, "DATABASE_URL"> = settings()): string {
  if (!config.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: start the studio with `npm start`, which runs its embedded PostgreSQL, or name a server in DATABASE_URL");
  }
  return config.DATABASE_URL;
}

/** A driver adapter factory plus the means to release the pool underneath it. */
export type DriverHandle = {
  /** The server the pool connects to. */
  url: string;
  factory: MigrationSafePg;
  /** Releases the pool; call it after `$disconnect()` of any client using `factory`. */
  close(): Promise<void>;
};

export function openDriver(url: string): DriverHandle {
  // The pool is ours rather than the adapter's so that every user of `factory` (the Prisma client
  // and the schema engine, which never disposes it) is released by one `close()`.
  const pool = new pg.Pool({ connectionString: url });
  pool.on("error", reportIdleConnectionError);
  return { url, factory: new MigrationSafePg(pool), close: () => pool.end() };
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
