import "server-only";
import { db } from "@/lib/db/client";
import { ACTIVE_JOB_STATES } from "@/lib/jobs/job-dto";
import { endJobWithoutRunner } from "@/lib/jobs/recovery";
import { ENGINE_SCHEMA, WORK_QUEUES } from "@/lib/jobs/work-queues";

/**
 * Ends the image jobs whose run was lost before any worker took the job: a worker fetched the run
 * and died before it could claim the studio job (lib/engine/run-queued-job claims at once), or the
 * run ended without it. Their run is no longer waiting in the queue, nor active since `unclaimedBefore`,
 * so nothing would ever end them. They end as interrupted (or cancelled, if asked), never run again:
 * the engine never retries an image run (lib/jobs/work-queues).
 */
export async function endJobsWithLostRuns(unclaimedBefore: Date): Promise<number> {
  const lost = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT j.id FROM "Job" j
      WHERE j.state::text = ANY($1::text[]) AND j.kind <> 'video' AND j."runnerId" IS NULL AND j."createdAt" < $2
        AND NOT EXISTS (
          SELECT 1 FROM ${ENGINE_SCHEMA}.job run
           WHERE run.name = $3 AND run.data->>'jobId' = j.id
             AND (run.state IN ('created', 'retry') OR (run.state = 'active' AND run.started_on >= $2)))`,
    [...ACTIVE_JOB_STATES],
    unclaimedBefore,
    WORK_QUEUES.imageJobs.name,
  );
  let ended = 0;
  for (const job of await db.job.findMany({ where: { id: { in: lost.map(({ id }) => id) } } })) if (await endJobWithoutRunner(job)) ended += 1;
  return ended;
}
