// A running clock as the studio's pages show it. Pure.

/** Whole seconds of a running clock: "7 s", "1:05". */
export function formatElapsed(ms: number): string {
  const whole = Math.max(0, Math.floor(ms / 1000));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
