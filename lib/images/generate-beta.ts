import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError, parseOrThrow } from "@/lib/errors";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { JobOutcome, JobWork } from "@/lib/jobs/runner";
import { BETA_GALLERY_MODEL } from "@/lib/gallery/gallery-models";
import { ENTRY_SOURCE, indexGeneration, type EntryImage } from "@/lib/gallery/index-generation";
import { supportsFeature } from "@/lib/upstream/beta/limits";
import { betaClient } from "@/lib/upstream/clients";
import { GENERATION_USAGE_SOURCE, recordGenerationUsage } from "@/lib/usage/record-usage";
import { recordLineage } from "@/lib/lineage/record-lineage";
import { betaParamsFromForm } from "./beta-params";
import { fitBetaReferences, fitStoredBetaReferences } from "./beta-reference-fit";
import { betaFormSchema, type BetaFormValues } from "./beta-schemas";
import { startVariationSet } from "./start-variation-set";
import { storeBase64Image, storeGeneratedImage } from "./store-result";

// One beta request (spec 4.3) as a job per image asked for (its variations). Starting checks the form
// against the capability matrix and the size rules (lib/images/beta-schemas: a refused field is a 400
// before anything is sent), makes the reference set fit the endpoint (lib/images/beta-reference-fit:
// what was changed is recorded and shown), records the generations and their jobs in one transaction
// within the user's running limit (lib/images/start-variation-set) while their storage quota has room
// (lib/storage-quota), and answers; a worker runs each job, rebuilt from its generation's row
// (betaJobWork).
// Every image of the answer (a single image, a group, or a base image with its layers) is stored
// before the job says succeeded: URLs expire (spec 8), Base64 images are written as they are.
export async function startBeta(user: CurrentUser, form: BetaFormValues, options: { runAgainOf?: string } = {}) {
  await assertStorageLeftForJob({ ownerId: user.id, teamId: user.activeTeamId });
  const references = await fitBetaReferences(user, form.images);
  return startVariationSet(
    { user, kind: "beta", prompt: form.prompt, count: form.variations, runAgainOf: options.runAgainOf },
    (tx, slot) => createBetaGeneration(tx, user, form, references.adjustments, slot),
  );
}

/**
 * Writes the pending generation row of one beta image, and the lineage of the images it was given.
 * The request of one image: spec 4.3 takes no seed, so each variation is the same request and the
 * service draws every image afresh.
 */
export async function createBetaGeneration(
  tx: Prisma.TransactionClient,
  user: CurrentUser,
  form: BetaFormValues,
  adjustments: Awaited<ReturnType<typeof fitBetaReferences>>["adjustments"],
  { variationSetId, createdAt }: { variationSetId: string | null; createdAt: Date },
) {
  const { variations: _variations, ...request } = form;
  const generation = await tx.generation.create({
    data: {
      ownerId: user.id,
      teamId: user.activeTeamId,
      kind: "beta",
      model: form.model,
      prompt: form.prompt,
      variationSetId,
      createdAt,
      // The form values of this one image (reference images by asset id), so "reuse settings"
      // refills the form and "Run again" repeats it; and what the studio did to the references.
      params: { ...request, adjustments } as unknown as Prisma.InputJsonValue,
    },
  });
  const sourceRole = form.layerDecomposition && supportsFeature(form.model, "layerDecomposition") ? "layer_source" : "reference";
  await recordLineage(tx, { generationId: generation.id }, form.images.map((image) => ({ assetId: image.assetId, role: sourceRole })));
  return generation;
}

/** "Run again" of a beta job: the same model, prompt, settings and reference images. */
export async function runBetaAgain(user: CurrentUser, job: { id: string; generationId: string | null }) {
  const generation = job.generationId ? await db.generation.findUnique({ where: { id: job.generationId } }) : null;
  if (!generation) throw new AppError("not_found", "The generation of this job was deleted");
  return startBeta(user, parseOrThrow(betaFormSchema, generation.params), { runAgainOf: job.id });
}

/** The work of a beta job, rebuilt from its generation's row in the worker that runs it. */
export async function betaJobWork(generationId: string): Promise<JobWork> {
  const generation = await db.generation.findUniqueOrThrow({ where: { id: generationId } });
  const form = parseOrThrow(betaFormSchema, generation.params);
  const references = await fitStoredBetaReferences(form.images);
  return (context) => runBeta(generation.ownerId, form, references.images, generation, context);
}

async function runBeta(
  ownerId: string,
  form: BetaFormValues,
  images: string[],
  generation: { id: string; teamId: string | null },
  { signal, progress }: Parameters<JobWork>[0],
): Promise<JobOutcome> {
  const started = Date.now();
  const client = betaClient();
  const result = await client.generate(betaParamsFromForm(form, images), {
    signal,
    party: { personId: ownerId, teamId: generation.teamId },
    onQueuePosition: (queuePosition) => progress({ state: "waiting", queuePosition }),
    onAdmitted: () => progress({ state: "generating" }),
  });
  progress({ state: "storing" });
  const stored: EntryImage[] = [];
  for (const [position, image] of result.images.entries()) {
    // A decomposition's images say what they are (spec 2.4: one base image plus its layers).
    const target = { ownerId, teamId: generation.teamId, generationId: generation.id, position, role: image.role, layout: image.bbox, signal };
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
}
