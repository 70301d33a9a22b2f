// Runs once when the studio's server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fail fast, naming the variable, rather than at the first request that reads a bad one.
  const { env } = await import("@/lib/env");
  env();
  // Background work (image and video jobs, upkeep) is the worker's: lib/engine/worker, started beside
  // this server by scripts/start.ts or `npm run start:worker`.
  // Next stops once every open response has ended: job streams end as soon as it is asked to stop.
  const { endJobStreamsWhenStopping } = await import("@/lib/jobs/job-stream");
  endJobStreamsWhenStopping();
}
