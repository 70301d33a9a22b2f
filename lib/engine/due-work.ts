import "server-only";
import type { Job, PgBoss, WorkOptions } from "pg-boss";
import { db } from "@/lib/db/client";
import { ENGINE_SCHEMA } from "@/lib/jobs/work-queues";
import { startDelayedWorkWaker, type DelayedWorkWaker, type DueWork } from "./delayed-work";
import { idleRunners, registerRunners } from "./idle-runners";

/**
 * `queueName`'s jobs as pg-boss's fetch of a `stately` queue selects them: waiting (created, or failed
 * and to be retried), not blocked, and with no job of the same key under way; those due now are
 * counted, and of those due later the soonest is timed. One statement, where each idle runner's
 * poll would be a fetch of its own.
 */
export async function readDueWork(queueName: string): Promise<DueWork> {
  const [row] = await db.$queryRawUnsafe<DueWork[]>(
    `WITH clock AS (SELECT ${ENGINE_SCHEMA}.job_now() AS now)
     SELECT
       count(*) FILTER (
         WHERE j.start_after <= clock.now AND NOT EXISTS (
           SELECT 1 FROM ${ENGINE_SCHEMA}.job a
           WHERE a.name = j.name AND a.state = 'active' AND COALESCE(a.singleton_key, '') = COALESCE(j.singleton_key, '')
         )
       )::int AS due,
       (extract(epoch FROM min(j.start_after) FILTER (WHERE j.start_after > clock.now) - clock.now) * 1000)::float8 AS "nextInMs"
     FROM ${ENGINE_SCHEMA}.job j CROSS JOIN clock
     WHERE j.name = $1 AND j.state IN ('created', 'retry') AND NOT j.blocked
     GROUP BY clock.now`,
    queueName,
  );
  return row ?? { due: 0, nextInMs: null };
}

/**
 * Registers `count` runners of `queueName` (lib/engine/idle-runners) with the waker that wakes them
 * for its delayed work (lib/engine/delayed-work) and times a failed run's retry. `stop` stops the
 * waker; the runners stop with `boss`.
 */
export async function registerDelayedWorkRunners<T>(boss: PgBoss, queueName: string, count: number, options: WorkOptions, run: (job: Job<T>) => Promise<void>): Promise<DelayedWorkWaker> {
  const waker = startDelayedWorkWaker({ queueName, runners: idleRunners(boss, queueName), readDue: readDueWork });
  await registerRunners(boss, queueName, count, options, run, () => waker.runFailed());
  return waker;
}
