import "server-only";
import type { PgBoss } from "pg-boss";

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
