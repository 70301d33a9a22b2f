import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError, parseOrThrow } from "@/lib/errors";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createJob } from "@/lib/jobs/job-changes";
import { jobLabel } from "@/lib/jobs/job-label";
import { runJob, runnerClaim, type JobOutcome, type JobWork } from "@/lib/jobs/runner";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import { BETA_GALLERY_MODEL } from "@/lib/gallery/gallery-models";
import { ENTRY_SOURCE, indexGeneration, type EntryImage } from "@/lib/gallery/index-generation";
import { betaClient } from "@/lib/upstream/clients";
import { GENERATION_USAGE_SOURCE, recordGenerationUsage } from "@/lib/usage/record-usage";
import { betaParamsFromForm } from "./beta-params";
import { fitBetaReferences } from "./beta-reference-fit";
import { betaFormSchema, type BetaFormValues } from "./beta-schemas";
import { recordGenerationFailure } from "./generation-failure";
import { toGenerationDto } from "./generation-dto";
import { storeBase64Image, storeGeneratedImage } from "./store-result";

// One beta request (spec 4.3) as a job (issues 9 and 10). Starting checks the form against the
// capability matrix and the size rules (lib/images/beta-schemas: a refused field is a 400 before
// anything is sent), makes the reference set fit the endpoint (lib/images/beta-reference-fit: what
// was changed is recorded and shown), records the generation and its job within the user's running
// limit while their storage quota has room (lib/storage-quota), and answers; the work runs on in this process whatever the browser does. Every image of
// the answer (a single image, a group, or a base image with its layers) is stored before the job
// says succeeded: URLs expire (spec 8), Base64 images are written as they are.
export async function startBeta(user: CurrentUser, form: BetaFormValues, options: { runAgainOf?: string } = {}) {
  await assertStorageLeftForJob({ ownerId: user.id, teamId: user.activeTeamId });
  const references = await fitBetaReferences(user, form.images);
  const { generation, job } = await startWithinRunningLimit(user.id, async (tx) => {
    const generation = await tx.generation.create({
      data: {
        ownerId: user.id,
        teamId: user.activeTeamId,
        kind: "beta",
        model: form.model,
        prompt: form.prompt,
        // The form values (reference images by asset id), so "reuse settings" refills the form and
        // "Run again" repeats it; and what the studio did to the references, for the designer.
        params: { ...form, adjustments: references.adjustments } as unknown as Prisma.InputJsonValue,
      },
    });
    const job = await createJob(tx, { kind: "beta", ownerId: user.id, label: jobLabel(form.prompt), generationId: generation.id, runAgainOfId: options.runAgainOf, ...runnerClaim() });
    return { generation, job };
  });
  void runJob(job, (context) => runBeta(user, form, references.images, generation, context));
  return { job: toJobDto(job), generation: toGenerationDto({ ...generation, assets: [] }) };
}

/** "Run again" of a beta job: the same model, prompt, settings and reference images. */
export async function runBetaAgain(user: CurrentUser, job: { id: string; generationId: string | null }) {
  const generation = job.generationId ? await db.generation.findUnique({ where: { id: job.generationId } }) : null;
  if (!generation) throw new AppError("not_found", "The generation of this job was deleted");
  return startBeta(user, parseOrThrow(betaFormSchema, generation.params), { runAgainOf: job.id });
}

async function runBeta(
  user: CurrentUser,
  form: BetaFormValues,
  images: string[],
  generation: { id: string; teamId: string | null },
  { signal, progress }: Parameters<JobWork>[0],
): Promise<JobOutcome> {
  const started = Date.now();
  try {
    const client = betaClient();
    const result = await client.generate(betaParamsFromForm(form, images), {
      signal,
      onQueuePosition: (queuePosition) => progress({ state: "waiting", queuePosition }),
      onAdmitted: () => progress({ state: "generating" }),
    });
    progress({ state: "storing" });
    const stored: EntryImage[] = [];
    for (const [position, image] of result.images.entries()) {
      // A decomposition's images say what they are (spec 2.4: one base image plus its layers).
      const target = { ownerId: user.id, teamId: generation.teamId, generationId: generation.id, position, role: image.role, layout: image.bbox, signal };
      stored.push(image.b64 ? await storeBase64Image(image.b64, target) : await storeGeneratedImage({ client, url: image.url!, ...target }));
    }
    const succeeded = { status: "succeeded" as const, requestId: result.requestId, tokens: result.totalTokens, durationMs: Date.now() - started, completedAt: new Date() };
    return {
      state: "succeeded",
      requestId: result.requestId,
      record: async (tx) => {
        const recorded = await tx.generation.update({ where: { id: generation.id }, data: succeeded, select: { ...ENTRY_SOURCE, ...GENERATION_USAGE_SOURCE } });
        await recordGenerationUsage(tx, recorded, stored.length);
        const facts = { model: BETA_GALLERY_MODEL[form.model], references: form.images.map((image) => image.assetId), grouped: form.group !== null };
        await indexGeneration(tx, { ...recorded, images: stored }, facts);
      },
    };
  } catch (error) {
    await recordGenerationFailure(generation.id, error, signal, started);
    throw error;
  }
}
