import "server-only";

// Wakes this process's video sync worker at once (a new job to send), instead of at its next tick.
// Other instances find the job at their next tick: the database is the only truth.
const holder = globalThis as typeof globalThis & { studioVideoSyncWake?: () => void };

export function wakeVideoSync(): void {
  holder.studioVideoSyncWake?.();
}

export function onVideoSyncWake(wake: (() => void) | undefined): void {
  holder.studioVideoSyncWake = wake;
}
