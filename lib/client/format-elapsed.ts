// Clocks and durations as the studio's pages show them. Pure.

/** Whole seconds of a running clock: "7 s", "1:05". */
export function formatElapsed(ms: number): string {
  const whole = Math.max(0, Math.floor(ms / 1000));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** How long something took: 850 → "0.9 s", 4210 → "4.2 s", 95000 → "1 min 35 s". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** "took 4.2 s": an ended job's time from its start to its end, the same in every view. */
export function tookLabel(createdAt: string, finishedAt: string): string {
  return `took ${formatDuration(Math.max(0, Date.parse(finishedAt) - Date.parse(createdAt)))}`;
}

/**
 * How long until a clock that shows whole intervals since `origin` (ms since the epoch) next changes:
 * the time left to the next multiple of `intervalMs` after `origin`. A clock re-read then changes the
 * moment its number does, and two clocks of the same start change together.
 */
export function msToNextTick(now: number, intervalMs: number, origin: number): number {
  const into = (((now - origin) % intervalMs) + intervalMs) % intervalMs;
  return intervalMs - into;
}
