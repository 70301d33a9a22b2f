import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { wakeEveryDelayedWork, wakeForDelayedWork } from "@/lib/wakeups/delayed-work-wake";
import { AFTER_FAILURE_CHECK_MS, startDelayedWorkWaker, type DelayedWorkWaker, type DueWork } from "./delayed-work";
import { UNHEARD_POLL_MS } from "./idle-runners";

// The waker on fake timers, with a queue whose counts the test scripts: what it counts, when, and how
// many runners it wakes.

const QUEUE = "test.delayed";

let answers: DueWork[];
let readDue: ReturnType<typeof vi.fn<(queueName: string) => Promise<DueWork>>>;
let wakeOne: ReturnType<typeof vi.fn<() => void>>;
let listening: boolean;
let waker: DelayedWorkWaker | undefined;

function start(): DelayedWorkWaker {
  waker = startDelayedWorkWaker({ queueName: QUEUE, runners: { wakeOne, wakeAll: vi.fn() }, readDue, listening: () => listening });
  return waker;
}

/** Lets the counts started so far finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  readDue = vi.fn(async () => answers.shift() ?? { due: 0, nextInMs: null });
  wakeOne = vi.fn();
  listening = true;
});
afterEach(() => {
  waker?.stop();
  waker = undefined;
  vi.useRealTimers();
});

describe("the delayed work waker", () => {
  it("counts at start, wakes one runner per job due, and counts again when the next comes due", async () => {
    answers = [{ due: 2, nextInMs: 1_500 }, { due: 1, nextInMs: null }];
    start();
    await settle();
    expect(readDue).toHaveBeenCalledTimes(1);
    expect(readDue).toHaveBeenCalledWith(QUEUE);
    expect(wakeOne).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1_499);
    expect(readDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(readDue).toHaveBeenCalledTimes(2);
    expect(wakeOne).toHaveBeenCalledTimes(3);
  });

  it("sends nothing while nothing is announced and the listener hears", async () => {
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(readDue).toHaveBeenCalledTimes(1);
  });

  it("counts when announced work comes due, by the soonest of the announcements", async () => {
    start();
    await settle();
    wakeForDelayedWork(`${QUEUE} 8000`);
    wakeForDelayedWork(`${QUEUE} 5000`);
    wakeForDelayedWork(`${QUEUE} 9000`);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(readDue).toHaveBeenCalledTimes(1);
    // The count times what is still waiting: the later announcements need no timers of their own.
    answers = [{ due: 1, nextInMs: 3_000 }];
    await vi.advanceTimersByTimeAsync(1);
    expect(readDue).toHaveBeenCalledTimes(2);
    expect(wakeOne).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(readDue).toHaveBeenCalledTimes(3);
  });

  it("ignores announcements for other queues and payloads that do not parse", async () => {
    start();
    await settle();
    for (const payload of ["other.queue 10", QUEUE, `${QUEUE} soon`, "", " 10"]) wakeForDelayedWork(payload);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(readDue).toHaveBeenCalledTimes(1);
  });

  it("counts every two seconds while the listener is down, and stops once it hears again", async () => {
    listening = false;
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(3 * UNHEARD_POLL_MS);
    expect(readDue).toHaveBeenCalledTimes(4);
    listening = true;
    await vi.advanceTimersByTimeAsync(3 * UNHEARD_POLL_MS);
    expect(readDue).toHaveBeenCalledTimes(4);
  });

  it("counts at once when the listener connects again: announcements went unheard meanwhile", async () => {
    start();
    await settle();
    wakeEveryDelayedWork();
    await settle();
    expect(readDue).toHaveBeenCalledTimes(2);
  });

  it("times a failed run's retry by a count soon after the failure", async () => {
    const started = start();
    await settle();
    answers = [{ due: 0, nextInMs: 4_000 }];
    started.runFailed();
    await vi.advanceTimersByTimeAsync(AFTER_FAILURE_CHECK_MS);
    expect(readDue).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(readDue).toHaveBeenCalledTimes(3);
  });

  it("runs one count at a time, and counts again once for checks asked for meanwhile", async () => {
    let release: () => void = () => undefined;
    readDue.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve({ due: 0, nextInMs: null }))));
    const started = start();
    void started.check();
    void started.check();
    await settle();
    expect(readDue).toHaveBeenCalledTimes(1);
    release();
    await settle();
    expect(readDue).toHaveBeenCalledTimes(2);
  });

  it("keeps going after a count fails", async () => {
    readDue.mockRejectedValueOnce(new Error("connection refused"));
    const started = start();
    await settle();
    started.dueIn(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(readDue).toHaveBeenCalledTimes(2);
  });

  it("once stopped, neither counts nor hears announcements", async () => {
    const started = start();
    await settle();
    started.dueIn(1_000);
    started.stop();
    wakeForDelayedWork(`${QUEUE} 500`);
    listening = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readDue).toHaveBeenCalledTimes(1);
  });
});
