import "server-only";
import { EventEmitter } from "node:events";

// Wakes this instance's job streams when one of their owner's jobs changed here, so a change shows
// without waiting for the next poll. A hint only: the events table is the truth, and streams poll it
// for what other instances changed.
const signals = new EventEmitter();
signals.setMaxListeners(0);

export function wakeOwner(ownerId: string): void {
  signals.emit(ownerId);
}

/** Resolves at the owner's next wake-up, after `ms`, or when `signal` aborts, whichever comes first. */
export function nextWake(ownerId: string, ms: number, signal: AbortSignal): Promise<void> {
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
