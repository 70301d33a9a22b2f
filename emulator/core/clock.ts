/**
 * Wall clock with an adjustable offset, one per emulator. Every time a service reports or expires
 * something by (issued image URLs, video job timestamps and retention) reads it, so tests move it
 * forward instead of waiting. Durations that pace real work (generation and upscale time, partition
 * switches, job time limits) run on real timers and do not see it.
 */
export class Clock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
