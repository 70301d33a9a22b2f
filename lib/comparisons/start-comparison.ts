import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { insertTurn, prepareFirstTurn } from "@/lib/chat/send-turn";
import { UNTITLED_CONVERSATION } from "@/lib/chat/schemas";
import { alphaV3GenerationData, loadAlphaV3References } from "@/lib/images/generate-alpha-v3";
import { createBetaGeneration } from "@/lib/images/generate-beta";
import { fitBetaReferences } from "@/lib/images/beta-reference-fit";
import { randomAlphaV3Seed } from "@/lib/images/random-seed";
import { sendImageJobRun } from "@/lib/jobs/job-sender";
import { createJob, type OwnerLockedTx } from "@/lib/jobs/job-changes";
import { jobLabel } from "@/lib/jobs/job-label";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import type { Job } from "@/lib/generated/prisma/client";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import type { ComparisonFormValues, ComparisonMemberForm } from "./comparison-schemas";

/** Writes one member's rows and job, and sends its run, in the comparison's transaction. */
type Insert = (tx: OwnerLockedTx, job: { comparisonId: string; startedAt: Date | null; createdAt: Date }) => Promise<Job>;

/** What a member's one image is reserved as against the budgets that apply (lib/budgets). */
function imageCharge(generation: { teamId: string | null; model: string }) {
  return { teamId: generation.teamId, model: generation.model, asked: { images: 1 } };
}

async function sendRun(tx: OwnerLockedTx, job: Job) {
  await sendImageJobRun(tx, job.id);
  return job;
}

// Everything a member needs that can be refused (its reference images) is checked before anything is
// written; what is left is the rows, which only the one transaction below writes.
async function prepareMember(user: CurrentUser, member: ComparisonMemberForm, label: string): Promise<Insert> {
  if (member.model === "alpha-v3") {
    const references = await loadAlphaV3References(user, member.form);
    const values = { ...member.form, seed: member.form.seed ?? randomAlphaV3Seed() };
    return async (tx, job) => {
      const slot = { references, seedWasRandom: member.form.seed === undefined, variationSetId: null, createdAt: job.createdAt };
      const generation = await tx.generation.create({ data: alphaV3GenerationData(user, values, slot) });
      return sendRun(tx, await createJob(tx, { ...job, kind: "alpha_v3", ownerId: user.id, label, generationId: generation.id }, imageCharge(generation)));
    };
  }
  if (member.model === "alpha-v3.5") {
    const turn = await prepareFirstTurn(user, member.form);
    return async (tx, job) => {
      const conversation = await tx.conversation.create({ data: { ownerId: user.id, teamId: user.activeTeamId, title: UNTITLED_CONVERSATION } });
      return (await insertTurn(tx, { ...turn, conversation, parentTurnId: null, isFirstTurn: true, job })).job;
    };
  }
  const references = await fitBetaReferences(user, member.form.images);
  return async (tx, job) => {
    const generation = await createBetaGeneration(tx, user, member.form, references.adjustments, { variationSetId: null, createdAt: job.createdAt });
    return sendRun(tx, await createJob(tx, { ...job, kind: "beta", ownerId: user.id, label, generationId: generation.id }, imageCharge(generation)));
  };
}

/**
 * Starts one job per member of a comparison: the comparison's row, every member's generation or new
 * conversation with its turn, the jobs and their runs are written in ONE transaction within the
 * user's running limit (lib/jobs/running-limit), so the comparison starts whole or not at all. Members
 * beyond the free running places wait for theirs, like the images of a set of variations.
 */
export async function startComparison(user: CurrentUser, values: ComparisonFormValues) {
  await assertStorageLeftForJob({ ownerId: user.id, teamId: user.activeTeamId });
  const label = jobLabel(values.prompt);
  const inserts: Insert[] = [];
  for (const member of values.members) inserts.push(await prepareMember(user, member, label));
  return startWithinRunningLimit(user.id, async (tx, places) => {
    const comparison = await tx.comparison.create({ data: { ownerId: user.id, prompt: values.prompt } });
    const now = Date.now();
    const jobs = [];
    // One row after another: a transaction runs its statements on one connection, in order.
    for (const [index, insert] of inserts.entries()) {
      jobs.push(await insert(tx, { comparisonId: comparison.id, startedAt: places.startedAt(index), createdAt: new Date(now + index) }));
    }
    return { comparison: { id: comparison.id }, jobs: jobs.map(toJobDto) };
  });
}
