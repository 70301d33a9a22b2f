import "server-only";
import { sqlPool } from "@/lib/db/client";
import type { ConcurrencyGate } from "./concurrency-gate";
import { createDatabaseGate } from "./database-gate";

/** Limit per model until the server sets one with `setLimit` (same as lib/env's ALPHA_CONCURRENCY default). */
export const DEFAULT_UPSTREAM_CONCURRENCY = 2;

const GLOBAL_KEY = Symbol.for("studio.upstream.concurrencyGate");
type GlobalWithGate = typeof globalThis & { [GLOBAL_KEY]?: ConcurrencyGate };

/**
 * The one gate of this server process. Several studio processes may share the database, so the
 * line lives there: no truth only in one process's memory.
 * Kept on `globalThis` so that Next's hot reload, which re-evaluates modules, does not start a
 * second line beside requests still waiting in the first.
 */
export function sharedConcurrencyGate(): ConcurrencyGate {
  const holder = globalThis as GlobalWithGate;
  holder[GLOBAL_KEY] ??= createDatabaseGate({ pool: sqlPool, defaultLimit: DEFAULT_UPSTREAM_CONCURRENCY });
  return holder[GLOBAL_KEY];
}
