import "server-only";
import type { Job, PgBoss, WorkOptions } from "pg-boss";

// Which of this process's pg-boss runners of a queue to wake. A runner is woken for a run that was
// announced: one idle runner that has not been woken since its last fetch, so that runs announced
// together wake as many runners. With none idle, the run waits for the first runner to finish,
// which fetches again at once.

export type IdleRunners = {
  /** Wakes one idle runner for one run announced; none when every runner is busy or already woken. */
  wakeOne(): void;
  /** Wakes every idle runner: runs may wait that no announcement woke a runner for. */
  wakeAll(): void;
};

export function idleRunners(boss: PgBoss, queueName: string): IdleRunners {
  /** Runners woken and yet to fetch: their id, and when they last fetched before the wake. */
  const woken = new Map<string, number | null>();
  const runners = () => boss.getWipData().filter((runner) => runner.name === queueName && runner.state === "active");
  return {
    wakeOne() {
      const all = runners();
      for (const [id, fetchedBefore] of woken) {
        if (all.find((runner) => runner.id === id)?.lastFetchedOn !== fetchedBefore) woken.delete(id);
      }
      const idle = all.find((runner) => runner.count === 0 && !woken.has(runner.id));
      if (!idle) return;
      woken.set(idle.id, idle.lastFetchedOn);
      boss.notifyWorker(idle.id);
    },
    wakeAll() {
      for (const runner of runners()) if (runner.count === 0) boss.notifyWorker(runner.id);
    },
  };
}

/** While the listener is down no announcement is heard: a worker looks for its queues' work this often instead. */
export const UNHEARD_POLL_MS = 2_000;

/**
 * How often a queue's runners but the first look for work by themselves. They are woken for the work
 * announced, and the first runner's own look (`pollingIntervalSeconds`) backs up an announcement
 * lost; a look of each of the others is only a last resort, so an idle worker's many runners add
 * almost no statements.
 */
export const SPARE_RUNNER_POLL_SECONDS = 300;

/**
 * Registers `count` runners of `queueName` in this process, one registration each so that each knows
 * its own id: a runner that ends its job looks again at once, for the jobs that came while every
 * runner was busy (their announcements found none idle). The first runner looks by itself as
 * `options` say, the others every SPARE_RUNNER_POLL_SECONDS. `failed` hears of each run that throws
 * (which pg-boss then retries by the queue's policy). Answers the queue's idle runners.
 */
export async function registerRunners<T>(
  boss: PgBoss,
  queueName: string,
  count: number,
  options: WorkOptions,
  run: (job: Job<T>) => Promise<void>,
  failed?: () => void,
): Promise<IdleRunners> {
  const spare: WorkOptions = { ...options, pollingIntervalSeconds: SPARE_RUNNER_POLL_SECONDS, notifyPollingIntervalSeconds: SPARE_RUNNER_POLL_SECONDS };
  for (let i = 0; i < count; i += 1) {
    const runner = { id: "" };
    runner.id = await boss.work<T>(queueName, i === 0 ? options : spare, async ([job]) => {
      try {
        await run(job);
      } catch (error) {
        failed?.();
        throw error;
      } finally {
        boss.notifyWorker(runner.id);
      }
    });
  }
  return idleRunners(boss, queueName);
}
