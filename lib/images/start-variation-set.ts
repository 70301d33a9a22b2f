import "server-only";
import { randomUUID } from "node:crypto";
import type { CurrentUser } from "@/lib/auth/current-user";
import type { Generation, GenerationKind } from "@/lib/generated/prisma/client";
import { sendImageJobRun } from "@/lib/jobs/job-sender";
import { createJob, type OwnerLockedTx } from "@/lib/jobs/job-changes";
import { jobLabel } from "@/lib/jobs/job-label";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import { toGenerationDto } from "./generation-dto";

/**
 * Which image of the set a generation is (from 0), the id the set's rows share (null for one image),
 * and its creation time: a millisecond after the one before, so that lists, and the line for
 * running places, take a set's images in the order they were asked for.
 */
type VariationSlot = { index: number; variationSetId: string | null; createdAt: Date };

type SetRequest = { user: CurrentUser; kind: GenerationKind; prompt: string; count: number; runAgainOf?: string };

/**
 * Starts `count` generations of one request (alpha v3 or beta), each with its own job: all rows are
 * written in ONE transaction within the user's running limit (lib/jobs/running-limit), with their runs
 * sent to the workers (lib/jobs/job-sender), so either the whole set is recorded and sent or nothing
 * is. A worker runs each job from its rows (lib/engine/run-queued-job): the jobs that found a free
 * place at once, the others once they have one, first come first served; a cancel while waiting ends
 * their generation as cancelled.
 * Each image then counts as one generation everywhere (its usage is recorded when its job ends), and
 * reserves the cost of one image against the budgets that bind it: a set that does not fit is refused whole.
 */
export async function startVariationSet(
  { user, kind, prompt, count, runAgainOf }: SetRequest,
  createGeneration: (tx: OwnerLockedTx, slot: VariationSlot) => Promise<Generation>,
) {
  const variationSetId = count > 1 ? randomUUID() : null;
  const started = await startWithinRunningLimit(user.id, async (tx, places) => {
    const made = [];
    const now = Date.now();
    // One row after another: a transaction runs its statements on one connection, in order.
    for (let index = 0; index < count; index += 1) {
      const createdAt = new Date(now + index);
      const generation = await createGeneration(tx, { index, variationSetId, createdAt });
      const job = await createJob(tx, {
        createdAt,
        kind,
        ownerId: user.id,
        label: jobLabel(prompt),
        generationId: generation.id,
        runAgainOfId: runAgainOf,
        variationSetId,
        startedAt: places.startedAt(index),
      }, { teamId: generation.teamId, model: generation.model, asked: { images: 1 } });
      await sendImageJobRun(tx, job.id);
      made.push({ generation, job });
    }
    return made;
  });
  const jobs = started.map(({ job }) => toJobDto(job));
  const generations = started.map(({ generation }) => toGenerationDto({ ...generation, assets: [] }));
  // `job` and `generation` are the set's first, as a single image's start answers.
  return { job: jobs[0], generation: generations[0], jobs, generations, variationSetId };
}
