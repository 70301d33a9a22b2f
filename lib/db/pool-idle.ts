/**
 * How long a pooled connection may sit unused before its pool closes it (pg's default is 10 s). An
 * idle studio's periodic work (the runners' 30 s polls, probes, presence beats) comes less often
 * than pg's default, which had its pools close and reopen connections all the time: each one opened
 * costs the database server a new process and a SCRAM handshake on both sides.
 */
export const POOL_IDLE_TIMEOUT_MS = 60_000;

/** For pg-boss, which hands its options to its pg.Pool whole, though its types do not name this one. */
export const ENGINE_POOL_OPTIONS = { idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS };
