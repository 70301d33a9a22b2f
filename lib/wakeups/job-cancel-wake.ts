import "server-only";

// Hands a cancel heard on the database (lib/wakeups/channel) to the worker's job runner, which aborts
// the job if it holds it. A worker that misses one finds the cancel at its runner's next heartbeat
// (lib/jobs/runner): the database is the only truth. The hook is on globalThis, like the rest of the
// process's wake-ups (lib/wakeups/process-wakeups).
const holder = globalThis as typeof globalThis & { studioJobCancelWake?: (jobId: string) => void };

export function wakeJobCancel(jobId: string): void {
  holder.studioJobCancelWake?.(jobId);
}

/** Registers what aborts a held job on a cancel; `undefined` when the process stops running jobs. */
export function onJobCancelWake(abort: ((jobId: string) => void) | undefined): void {
  holder.studioJobCancelWake = abort;
}
