// Runs once when the studio's server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fail fast, naming the variable, rather than at the first request that reads a bad one.
  const { env } = await import("@/lib/env");
  env();
  const { finishInterruptedWork } = await import("@/lib/recovery/finish-interrupted");
  const { log } = await import("@/lib/log");
  const closed = await finishInterruptedWork();
  if (closed.generations || closed.turns) log.warn(closed, "closed work interrupted by the last restart");
}
