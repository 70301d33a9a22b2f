import "server-only";
import { log } from "@/lib/log";
import { onDelayedWorkWake } from "@/lib/wakeups/delayed-work-wake";
import { hearsOtherProcesses } from "@/lib/wakeups/process-wakeups";
import { UNHEARD_POLL_MS, type IdleRunners } from "./idle-runners";

// Wakes a queue's runners in this worker for work sent to come due later (a result's thumbnail, a
// video's next step), which no notification can wake them for at its time: every send announces how
// long until it is due (lib/wakeups/channel), and the waker sets a timer for the soonest. When a timer
// ends, one statement counts what is due (waking as many idle runners) and times the next. So an
// idle worker sends no statement for its delayed work; the runners' own polls only back it up.

/**
 * After a run fails, its retry comes due later by the queue's retry policy, which nothing announces:
 * the waker counts once the engine has recorded the failure, and times the retry from there.
 */
export const AFTER_FAILURE_CHECK_MS = 1_000;

/** How many of a queue's jobs a runner could take now, and in how many ms (by the database's clock) the next of the others comes due. */
export type DueWork = { due: number; nextInMs: number | null };

export type DelayedWorkWaker = {
  /** Counts what is due now, wakes as many idle runners, and sets the timer for the next. */
  check(): Promise<void>;
  /** Work comes due in `ms`: the timer is moved earlier if it was later (or unset). */
  dueIn(ms: number): void;
  /** A run failed: its retry is timed by a count soon after. */
  runFailed(): void;
  stop(): void;
};

type WakerOptions = {
  queueName: string;
  runners: IdleRunners;
  readDue: (queueName: string) => Promise<DueWork>;
  /** Whether this process hears other processes' announcements now (lib/wakeups/process-wakeups). */
  listening?: () => boolean;
};

/** Starts `queueName`'s waker, registered for its announcements, with a first count at once. */
export function startDelayedWorkWaker({ queueName, runners, readDue, listening = hearsOtherProcesses }: WakerOptions): DelayedWorkWaker {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let counting: Promise<void> | undefined;
  let countAgain = false;
  let stopped = false;

  function wakeAt(at: number): void {
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      void waker.check();
    }, Math.max(0, at - Date.now()));
    timer.unref();
  }

  async function count(): Promise<void> {
    try {
      const { due, nextInMs } = await readDue(queueName);
      for (let i = 0; i < due; i += 1) runners.wakeOne();
      if (nextInMs !== null) wakeAt(Date.now() + nextInMs);
    } catch (error) {
      log.warn({ queue: queueName, reason: error instanceof Error ? error.message : String(error) }, "could not count the work due; the runners' own polls take it meanwhile");
    }
  }

  const waker: DelayedWorkWaker = {
    async check() {
      if (stopped) return;
      // One count at a time; a check asked for meanwhile counts again once it ends.
      if (counting) {
        countAgain = true;
        return counting;
      }
      counting = (async () => {
        do {
          countAgain = false;
          await count();
        } while (countAgain && !stopped);
      })().finally(() => {
        counting = undefined;
      });
      return counting;
    },
    dueIn(ms) {
      wakeAt(Date.now() + ms);
    },
    runFailed() {
      wakeAt(Date.now() + AFTER_FAILURE_CHECK_MS);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(unheard);
      onDelayedWorkWake(queueName, undefined);
    },
  };

  onDelayedWorkWake(queueName, { dueIn: waker.dueIn, heardNothingSince: () => void waker.check() });
  const unheard = setInterval(() => {
    if (!listening()) void waker.check();
  }, UNHEARD_POLL_MS);
  unheard.unref();
  void waker.check();
  return waker;
}
