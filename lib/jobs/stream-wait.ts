/** While the listener is down, how often a stream looks for changes made by other processes, and checks its session. */
export const FALLBACK_POLL_MS = 1_000;

/** When the stream must next act whatever happens: its end, its keep-alive comment, its slot's heartbeat. */
export type StreamDue = { ends: number; heartbeat: number; slotBeat: number };

/**
 * How long a stream waits for a wake-up before it reads again. While this process's listener is
 * connected, every change and revocation wakes it, so it waits until it must act anyway (at least
 * once per slot heartbeat: the read then is its safety poll against a lost notification); while the
 * listener is down it polls every FALLBACK_POLL_MS.
 */
export function streamWaitMs(now: number, due: StreamDue, listening: boolean): number {
  const next = Math.min(due.ends, due.heartbeat, due.slotBeat, listening ? Infinity : now + FALLBACK_POLL_MS);
  return Math.max(0, next - now);
}
