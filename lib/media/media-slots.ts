import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Decoding an image, making a thumbnail, probing or converting a clip each take a core and up to
// hundreds of MB for seconds. Without a bound, a dozen parallel uploads starve every other request
// of the machine (a plain `GET /api/me` slowed a hundredfold). So media work takes a slot: at most
// `total` at once in this process, and at most `perPerson` of them for one person, so that nobody
// fills every slot alone. The line is first come, first served among those whose person has a free
// place. It is this process's own: with several studio processes each has its slots (README).

export type MediaSlotLimits = {
  total: number;
  perPerson: number;
  /** How many of one person's uploads may wait for a slot; more are refused (429), as a designer's browser can always send more. */
  waitingPerPerson: number;
};

type MediaSlotOptions = {
  signal?: AbortSignal;
  /**
   * "refuse-when-full": an upload, refused (429) when its person already has `waitingPerPerson`
   * waiting; "wait": background work (a finished job's results), which waits however long the line.
   */
  whenBusy: "refuse-when-full" | "wait";
};

type Waiter = { person: string; bounded: boolean; start: () => void };

/** How long a refused upload's browser is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** Uploads of one person that may wait for a slot: a designer drops a folder of photos at once. */
export const MEDIA_WAITING_PER_PERSON = 16;

export class MediaSlots {
  private active = 0;
  private readonly activeBy = new Map<string, number>();
  private readonly line: Waiter[] = [];

  constructor(readonly limits: MediaSlotLimits) {}

  /** Runs `work` in a slot of `person`'s, waiting for one first; the slot is given back however `work` ends. */
  async run<T>(person: string, work: () => Promise<T>, options: MediaSlotOptions): Promise<T> {
    await this.acquire(person, options);
    try {
      return await work();
    } finally {
      this.release(person);
    }
  }

  snapshot() {
    return { active: this.active, waiting: this.line.length, activeBy: Object.fromEntries(this.activeBy) };
  }

  private acquire(person: string, { signal, whenBusy }: MediaSlotOptions): Promise<void> {
    signal?.throwIfAborted();
    if (this.canStart(person)) {
      this.take(person);
      return Promise.resolve();
    }
    const bounded = whenBusy === "refuse-when-full";
    if (bounded && this.line.filter((waiter) => waiter.bounded && waiter.person === person).length >= this.limits.waitingPerPerson) {
      return Promise.reject(busy(this.limits.waitingPerPerson));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.line.splice(this.line.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        person,
        bounded,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  private canStart(person: string): boolean {
    return this.active < this.limits.total && (this.activeBy.get(person) ?? 0) < this.limits.perPerson;
  }

  private take(person: string) {
    this.active += 1;
    this.activeBy.set(person, (this.activeBy.get(person) ?? 0) + 1);
  }

  private release(person: string) {
    this.active -= 1;
    const left = (this.activeBy.get(person) ?? 1) - 1;
    if (left > 0) this.activeBy.set(person, left);
    else this.activeBy.delete(person);
    for (let index = 0; index < this.line.length && this.active < this.limits.total; ) {
      const waiter = this.line[index];
      if (!this.canStart(waiter.person)) {
        index += 1;
        continue;
      }
      this.line.splice(index, 1);
      this.take(waiter.person);
      waiter.start();
    }
  }
}

function busy(waiting: number): AppError {
  return new AppError(
    "rate_limited",
    `You already have ${waiting} files waiting to be processed; send more once some have finished`,
    [{ field: "file", message: `at most ${waiting} of your files may wait to be processed at once` }],
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );
}

// One set of slots per process, on globalThis so that every route bundle of the server and the
// background workers share it.
const holder = globalThis as typeof globalThis & { studioMediaSlots?: MediaSlots };

/** This process's media slots, sized by MEDIA_CONCURRENCY and USER_MAX_MEDIA_CONCURRENCY. */
export function mediaSlots(): MediaSlots {
  holder.studioMediaSlots ??= new MediaSlots({
    total: env().MEDIA_CONCURRENCY,
    perPerson: env().USER_MAX_MEDIA_CONCURRENCY,
    waitingPerPerson: MEDIA_WAITING_PER_PERSON,
  });
  return holder.studioMediaSlots;
}
