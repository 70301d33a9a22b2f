/** Counts in-flight image requests; a request beyond the limit is refused, never queued (spec 8). */
export class ConcurrencyGate {
  private inFlight = 0;

  constructor(private readonly limit: () => number) {}

  /** Takes a slot and returns its release function, or undefined when the limit is reached. */
  tryAcquire(): (() => void) | undefined {
    if (this.inFlight >= this.limit()) return undefined;
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
    };
  }
}
