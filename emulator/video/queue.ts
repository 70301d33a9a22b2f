/**
 * The bounded FIFO of `queued` job ids in front of the one generation worker (spec 8: capacity
 * reported in `queue.limit`; spec 2.5: `queue_position` counts from 1).
 */
export class JobQueue {
  private ids: string[] = [];

  constructor(private readonly limit: () => number) {}

  get length(): number {
    return this.ids.length;
  }

  get capacity(): number {
    return this.limit();
  }

  isFull(): boolean {
    return this.ids.length >= this.limit();
  }

  push(id: string): void {
    this.ids.push(id);
  }

  /** The next job to run, in submission order. */
  shift(): string | undefined {
    return this.ids.shift();
  }

  remove(id: string): boolean {
    const index = this.ids.indexOf(id);
    if (index < 0) return false;
    this.ids.splice(index, 1);
    return true;
  }

  position(id: string): number | undefined {
    const index = this.ids.indexOf(id);
    return index < 0 ? undefined : index + 1;
  }

  clear(): void {
    this.ids = [];
  }
}
