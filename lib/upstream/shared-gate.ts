import "server-only";
import { db, dbEngine } from "@/lib/db/client";
import { createConcurrencyGate, type ConcurrencyGate } from "./concurrency-gate";
import { createDatabaseGate } from "./database-gate";

/** Limit per model until the server sets one with `setLimit` (same as lib/env's ALPHA_CONCURRENCY default). */
export const DEFAULT_UPSTREAM_CONCURRENCY = 2;

const GLOBAL_KEY = Symbol.for("studio.upstream.concurrencyGate");
type GlobalWithGate = typeof globalThis & { [GLOBAL_KEY]?: ConcurrencyGate };

/**
 * The one gate of this server process. On PostgreSQL several studio processes may share the
 * database, so the line lives there (issue 9: no truth only in one process's memory). PGlite is
 * embedded in one process (its data directory cannot be shared), so that process's memory is the
 * whole truth and the line costs no statements on the hot path (bench:proxy).
 * Kept on `globalThis` so that Next's hot reload, which re-evaluates modules, does not start a
 * second line beside requests still waiting in the first.
 */
export function sharedConcurrencyGate(): ConcurrencyGate {
  const holder = globalThis as GlobalWithGate;
  holder[GLOBAL_KEY] ??=
    dbEngine() === "postgres"
      ? createDatabaseGate({ db, defaultLimit: DEFAULT_UPSTREAM_CONCURRENCY, serializeAdmission: true })
      : createConcurrencyGate({ defaultLimit: DEFAULT_UPSTREAM_CONCURRENCY });
  return holder[GLOBAL_KEY];
}
