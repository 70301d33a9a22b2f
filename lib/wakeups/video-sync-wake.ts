import "server-only";

// Wakes this process's video sync at once (a new job to send) instead of at its next tick. Web
// processes announce new jobs on a PostgreSQL channel (lib/wakeups/channel) that every worker's
// listener hears; a worker that misses one finds the job at its next tick: the database is the only
// truth. The hook is on globalThis, like the rest of the process's wake-ups (lib/wakeups/process-wakeups).
const holder = globalThis as typeof globalThis & { studioVideoSyncWake?: () => void };

export function wakeVideoSync(): void {
  holder.studioVideoSyncWake?.();
}

/** Registers the process's video sync (lib/videos/sync-worker) to be woken; `undefined` when it stops. */
export function onVideoSyncWake(wake: (() => void) | undefined): void {
  holder.studioVideoSyncWake = wake;
}
