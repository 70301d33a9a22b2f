import "server-only";
import { EventEmitter } from "node:events";

// Wakes this instance's job streams when one of their owner's jobs changed here, so a change shows
// without waiting for the next poll. A hint only: the events table is the truth, and streams poll it
// for what other instances changed.
//
// Each owner's wake-ups are counted, so a stream that was busy reading when a change committed still
// learns of it: it notes the count before it reads, and its next wait ends at once if the count has
// moved since (a wake-up between the read and the wait would otherwise go unheard until the poll).
const signals = new EventEmitter();
signals.setMaxListeners(0);
const wakeCounts = new Map<string, number>();

export function wakeOwner(ownerId: string): void {
  wakeCounts.set(ownerId, (wakeCounts.get(ownerId) ?? 0) + 1);
  signals.emit(ownerId);
}

/** How many times the owner has been woken: note it before reading, pass it to `nextWake`. */
export function wakeCount(ownerId: string): number {
  return wakeCounts.get(ownerId) ?? 0;
}

/**
 * Resolves at the owner's next wake-up after `seen` (at once if one came since), after `ms`, or when
 * `signal` aborts, whichever comes first.
 */
export function nextWake(ownerId: string, seen: number, ms: number, signal: AbortSignal): Promise<void> {
  if (wakeCount(ownerId) !== seen || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signals.off(ownerId, done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signals.on(ownerId, done);
    signal.addEventListener("abort", done, { once: true });
  });
}
