// Runs once when the studio's server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fail fast, naming the variable, rather than at the first request that reads a bad one.
  const { env } = await import("@/lib/env");
  env();
  // Background work (image and video jobs, upkeep) is the worker's: lib/engine/worker, started beside
  // this server by scripts/start.ts or `npm run start:worker`.
  // SIGTERM drains (lib/http/server-drain; the web entry, scripts/web.ts, sets NEXT_MANUAL_SIG_HANDLE for it): job
  // streams end at once, so their browsers reconnect to another instance, and the database and LISTEN
  // connections close once the requests under way end.
  const { drainOnSignal } = await import("@/lib/http/server-drain");
  const { endJobStreams } = await import("@/lib/jobs/job-stream");
  const { stopWakeListener } = await import("@/lib/wakeups/listener");
  const { closeDatabase } = await import("@/lib/db/client");
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    drainOnSignal(endJobStreams, async () => {
      await stopWakeListener();
      await closeDatabase();
    });
  } else {
    // `next dev`, or `next start` run by hand: Next stops the server itself, once every response has ended.
    process.once("SIGTERM", endJobStreams);
    process.once("SIGINT", endJobStreams);
  }
}
