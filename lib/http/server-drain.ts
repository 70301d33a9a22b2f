import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import { log } from "@/lib/log";

// How the web server stops on SIGTERM (a supervisor's or a deploy's stop) or SIGINT, in the order a
// load balancer needs: first say "not ready" while still serving, so it stops sending here before
// anything is refused; then stop accepting connections and let the requests under way finish; then
// close the database and exit 0. The web entry (scripts/web.ts) gets no signal handling from Next;
// `next start`'s own (off with NEXT_MANUAL_SIG_HANDLE, which the web entry sets too) closes the
// listener at once and waits for every request with no deadline.

/**
 * How long readiness answers 503 while the server still takes requests: a load balancer checking
 * every few seconds takes the instance out within it, so no one meets a refused connection.
 */
export const DRAIN_UNREADY_MS = 3_000;
/**
 * The longest a stop waits from the signal to exit: requests still running then are cut. Below the
 * 30 s most supervisors (Kubernetes, `docker stop -t 30`) wait before they kill.
 */
export const DRAIN_DEADLINE_MS = 20_000;

/** The longest the database and LISTEN connections get to close: a pool still lending a cut request's connection never would. */
const RELEASE_WAIT_MS = 2_000;

export type DrainTimes = { unreadyMs: number; deadlineMs: number };
const DRAIN_TIMES: DrainTimes = { unreadyMs: DRAIN_UNREADY_MS, deadlineMs: DRAIN_DEADLINE_MS };

type DrainState = { draining: boolean; server?: Server };

// On globalThis: Next bundles instrumentation.ts (which hears the signal) apart from the readiness
// route (which reports it), each with its own copy of this module.
const holder = globalThis as typeof globalThis & { studioServerDrain?: DrainState };
const state = (holder.studioServerDrain ??= { draining: false });

/** Whether this process is stopping: readiness then answers 503 so a load balancer sends elsewhere. */
export function isDraining(): boolean {
  return state.draining;
}

/** Node's channel announcing each request its HTTP servers receive, with the server. */
const REQUEST_CHANNEL = "http.server.request.start";

/**
 * Learns the process's HTTP server from its first request: Next's bundles, where the drain is set up,
 * are never handed the server the web entry creates. A server that has had no request has nothing
 * under way to wait for.
 */
function learnServer(): void {
  const onRequest = (message: unknown) => {
    state.server = (message as { server: Server }).server;
    unsubscribe(REQUEST_CHANNEL, onRequest);
  };
  subscribe(REQUEST_CHANNEL, onRequest);
}

/**
 * Stops `server` as described above: `onStopping` runs at once (ending long streams, so their
 * browsers reconnect to another instance), and the answer is whether every request finished
 * (`drained`) or some were cut at the deadline (`cut`).
 */
export async function drainServer(server: Server | undefined, onStopping: () => void, times: DrainTimes = DRAIN_TIMES): Promise<"drained" | "cut"> {
  state.draining = true;
  onStopping();
  const deadline = Date.now() + times.deadlineMs;
  if (!server?.listening) return "drained";
  await new Promise((resolve) => setTimeout(resolve, times.unreadyMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<"cut">((resolve) => (timer = setTimeout(() => resolve("cut"), Math.max(0, deadline - Date.now()))));
  const outcome = await Promise.race([closed.then(() => "drained" as const), cut]);
  clearTimeout(timer);
  if (outcome === "cut") server.closeAllConnections();
  return outcome;
}

/**
 * Drains this process's server on SIGTERM or SIGINT, then runs `release` (database, LISTEN
 * connection) and exits 0. Called once, from instrumentation.ts in the server process.
 */
export function drainOnSignal(onStopping: () => void, release: () => Promise<void>, times: DrainTimes = DRAIN_TIMES): void {
  learnServer();
  let started = false;
  const stop = async () => {
    if (started) return;
    started = true;
    const outcome = await drainServer(state.server, onStopping, times);
    if (outcome === "cut") log.warn({ deadlineMs: times.deadlineMs }, "requests still running at the stop deadline were cut");
    const released = release().catch((error: unknown) => log.error({ err: error }, "closing the database at stop failed"));
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS))]);
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}
