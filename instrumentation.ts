// Runs once when the studio's server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fail fast, naming the variable, rather than at the first request that reads a bad one.
  const { env } = await import("@/lib/env");
  env();
  // Jobs cut off by the last stop end as interrupted, and a sweep ends those of instances that die.
  const { recoverJobsAtStart } = await import("@/lib/jobs/recovery");
  const { settings } = await import("@/lib/settings");
  const singleProcess = settings().STUDIO_SINGLE_INSTANCE;
  await recoverJobsAtStart({ singleProcess });
  // Video jobs are followed to their end by this process's sync worker, resuming any left unfinished.
  const { startVideoSync } = await import("@/lib/videos/sync-worker");
  await startVideoSync({ singleProcess });
  // Next stops once every open response has ended: job streams end as soon as it is asked to stop.
  const { endJobStreamsWhenStopping } = await import("@/lib/jobs/job-stream");
  endJobStreamsWhenStopping();
}
