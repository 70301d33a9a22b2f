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

/**
 * Registers `count` runners of `queueName` in this process, one registration each so that each knows
 * its own id: a runner that ends its job looks again at once, for the jobs that came while every
 * runner was busy (their announcements found none idle). `failed` hears of each run that throws (which
 * pg-boss then retries by the queue's policy). Answers the queue's idle runners.
 */
export async function registerRunners<T>(
  boss: PgBoss,
  queueName: string,
  count: number,
  options: WorkOptions,
  run: (job: Job<T>) => Promise<void>,
  failed?: () => void,
): Promise<IdleRunners> {
  for (let i = 0; i < count; i += 1) {
    const runner = { id: "" };
    runner.id = await boss.work<T>(queueName, options, async ([job]) => {
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
