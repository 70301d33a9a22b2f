import pg from "pg";
import { settings, type Settings } from "../settings";
import { reportIdleConnectionError } from "./idle-connection-error";
import { MigrationSafePg } from "./pg-adapter";
import { POOL_IDLE_TIMEOUT_MS } from "./pool-idle";

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
  /** The pool under the adapter, for statements sent straight through pg (lib/db/sql). */
  pool: pg.Pool;
  /** Releases the pool; call it after `$disconnect()` of any client using `factory`. */
  close(): Promise<void>;
};

export function openDriver(url: string): DriverHandle {
  // The pool is ours rather than the adapter's so that every user of `factory` (the Prisma client
  // and the schema engine, which never disposes it) is released by one `close()`.
  const pool = new pg.Pool({ connectionString: url, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
  pool.on("error", reportIdleConnectionError);
  return { url, factory: new MigrationSafePg(pool), pool, close: () => pool.end() };
}
