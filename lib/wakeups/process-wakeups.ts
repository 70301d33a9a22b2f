import "server-only";
import { EventEmitter } from "node:events";

// This process's wake-ups of its job streams, and its listener's state. Next bundles the route
// handlers (which open streams) apart from instrumentation.ts and background work (which change
// jobs), each bundle with its own copy of every module: state kept in module scope would exist once
// per bundle, and a wake-up in one would never reach a stream opened by another. So all of it lives
// in one object on globalThis, here, and nowhere else.
//
// Each user's wake-ups are counted, so a stream that was busy reading when a change committed still
// learns of it: it notes the count before it reads, and its next wait ends at once if the count has
// moved since (a wake-up between the read and the wait would otherwise go unheard until its poll).

/** The running listener, as the rest of the process sees it. */
export type WakeListener = { stop(): Promise<void> };

type ProcessWakeups = {
  /** Emits a user's id to wake that user's streams, and EVERY_STREAM to wake them all. */
  emitter: EventEmitter;
  /** Wake-ups per user since the process started. */
  counts: Map<string, number>;
  /** Wake-ups of every stream at once since the process started. */
  everyStream: number;
  /** Changes of an upstream service's reachability heard since the process started. */
  upstreamChanges: number;
  /** True while the listener is connected and LISTENing: streams then hear other processes' changes. */
  listening: boolean;
  listener?: WakeListener;
};

/** Not a user id (ids have no spaces). */
const EVERY_STREAM = "every stream";

const holder = globalThis as typeof globalThis & { studioWakeups?: ProcessWakeups };

/** The process's one wake-up state (created on first use). */
export function processWakeups(): ProcessWakeups {
  if (!holder.studioWakeups) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder.studioWakeups = { emitter, counts: new Map(), everyStream: 0, upstreamChanges: 0, listening: false };
  }
  return holder.studioWakeups;
}

/** Wakes this process's streams of the user. */
export function wakeUserStreams(userId: string): void {
  const state = processWakeups();
  state.counts.set(userId, (state.counts.get(userId) ?? 0) + 1);
  state.emitter.emit(userId);
}

/** Wakes every stream of this process: after the listener connects (notifications were lost meanwhile) or drops (they poll from now). */
function wakeEveryStream(): void {
  const state = processWakeups();
  state.everyStream += 1;
  state.emitter.emit(EVERY_STREAM);
}

/** An upstream service's reachability changed: every stream of this process tells its page. */
export function wakeForUpstreamChange(): void {
  processWakeups().upstreamChanges += 1;
  wakeEveryStream();
}

/** How many upstream changes this process has heard: a stream tells its page when the count moves. */
export function upstreamChangeCount(): number {
  return processWakeups().upstreamChanges;
}

/** Whether the user's streams hear other processes' changes now, or must poll for them. */
export function hearsOtherProcesses(): boolean {
  return processWakeups().listening;
}

/** Records whether the listener is connected; every stream is woken when that changes, to read at once and wait as long as now fits. */
export function setListening(listening: boolean): void {
  const state = processWakeups();
  if (state.listening === listening) return;
  state.listening = listening;
  wakeEveryStream();
}

/** How many times the user's streams have been woken: note it before reading, pass it to `nextWake`. */
export function wakeCount(userId: string): number {
  const state = processWakeups();
  return (state.counts.get(userId) ?? 0) + state.everyStream;
}

/**
 * Resolves at the user's streams' next wake-up after `seen` (at once if one came since), after `ms`,
 * or when `signal` aborts, whichever comes first.
 */
export function nextWake(userId: string, seen: number, ms: number, signal: AbortSignal): Promise<void> {
  if (wakeCount(userId) !== seen || signal.aborted) return Promise.resolve();
  const { emitter } = processWakeups();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      emitter.off(userId, done);
      emitter.off(EVERY_STREAM, done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    emitter.on(userId, done);
    emitter.on(EVERY_STREAM, done);
    signal.addEventListener("abort", done, { once: true });
  });
}
