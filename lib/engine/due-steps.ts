import "server-only";
import { db } from "@/lib/db/client";
import { ENGINE_SCHEMA } from "@/lib/jobs/work-queues";

/**
 * How many of `queueName`'s jobs a runner could take now, as pg-boss's fetch of a `stately` queue
 * selects them: waiting (created, or failed and to be retried), due, not blocked, and with no job of
 * the same key under way. One count, where each idle runner's poll would be a fetch of its own.
 */
export async function countDueJobs(queueName: string): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ due: number }[]>(
    `SELECT count(*)::int AS due FROM ${ENGINE_SCHEMA}.job j
     WHERE j.name = $1 AND j.state IN ('created', 'retry') AND NOT j.blocked AND j.start_after <= ${ENGINE_SCHEMA}.job_now()
       AND NOT EXISTS (
         SELECT 1 FROM ${ENGINE_SCHEMA}.job a
         WHERE a.name = j.name AND a.state = 'active' AND COALESCE(a.singleton_key, '') = COALESCE(j.singleton_key, '')
       )`,
    queueName,
  );
  return row?.due ?? 0;
}
