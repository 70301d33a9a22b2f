import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, alphaV3FormSchema, alphaV3StoredParamsSchema, type AlphaV3FormValues, type AlphaV3StoredParams } from "@/lib/images/alpha-schemas";
import { alphaV3ParamsFromForm } from "@/lib/images/alpha-params";
import { ALPHA_V3_MODEL } from "@/lib/upstream/alpha/wire-v3";
import { alphaClient } from "@/lib/upstream/clients";
import { AppError, parseOrThrow } from "@/lib/errors";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import type { JobOutcome, JobWork } from "@/lib/jobs/runner";
import { ENTRY_SOURCE, indexGeneration, type EntryImage } from "@/lib/gallery/index-generation";
import { GENERATION_USAGE_SOURCE, recordGenerationUsage } from "@/lib/usage/record-usage";
import { randomAlphaV3Seed } from "./random-seed";
import { recordLineage } from "@/lib/lineage/record-lineage";
import { loadReferenceAssets, storedReferenceAssets, upstreamImageUrl } from "./reference-images";
import { storeGeneratedImage } from "./store-result";
import { startVariationSet } from "./start-variation-set";
import { alphaV3VariationSeeds } from "./variations";

type References = Awaited<ReturnType<typeof loadReferenceAssets>>;

// One alpha v3 request (spec 4.1) as a job per image asked for (its variations). Starting checks the
// reference images (a mistake is a 400 before anything starts), then records the generations and
// their jobs in one transaction within the user's running limit (a 429 before anything starts,
// lib/images/start-variation-set) while their storage quota has room (a 413, lib/storage-quota), and
// answers: a worker runs each job, rebuilt from its generation's row (alphaV3JobWork). Running calls
// the upstream, copies every result image into storage, and only then marks the generation
// succeeded. A failure is recorded by the job runner, with the reason the designer sees; nothing is
// reported done without its stored image.
export async function startAlphaV3(user: CurrentUser, form: AlphaV3FormValues, options: { runAgainOf?: string; seedWasRandom?: boolean } = {}) {
  await assertStorageLeftForJob({ ownerId: user.id, teamId: user.activeTeamId });
  const references = await loadAlphaV3References(user, form);
  const seedWasRandom = options.seedWasRandom ?? form.seed === undefined;
  // Each image of a set has its own seed (spec 4.1: a seed applies to a request of one image).
  const seeds = alphaV3VariationSeeds(form.seed ?? randomAlphaV3Seed(), form.variations);
  return startVariationSet(
    { user, kind: "alpha_v3", prompt: form.prompt, count: form.variations, runAgainOf: options.runAgainOf },
    async (tx, slot) => {
      const generation = await tx.generation.create({ data: alphaV3GenerationData(user, { ...form, seed: seeds[slot.index] }, { references, seedWasRandom, ...slot }) });
      await recordLineage(tx, { generationId: generation.id }, references.map((reference) => ({ assetId: reference.id, role: "reference" })));
      return generation;
    },
  );
}

/** The reference images of an alpha v3 request, checked against spec 4.1's limits (a mistake is a 400). */
export function loadAlphaV3References(user: CurrentUser, form: AlphaV3FormValues) {
  return loadReferenceAssets(user, form.images.map((image) => image.assetId), {
    field: "images",
    mimes: ALPHA_IMAGE_MIME_TYPES,
    maxBytes: ALPHA_V3_MAX_IMAGE_BYTES,
  });
}

/** The pending generation row of one alpha v3 image, whose seed `values` holds. */
export function alphaV3GenerationData(
  user: CurrentUser,
  values: AlphaV3FormValues & { seed: number },
  { references, seedWasRandom, variationSetId, createdAt }: { references: References; seedWasRandom: boolean; variationSetId: string | null; createdAt: Date },
) {
  return {
    ownerId: user.id,
    teamId: user.activeTeamId,
    kind: "alpha_v3" as const,
    model: ALPHA_V3_MODEL,
    prompt: values.prompt,
    variationSetId,
    createdAt,
    // The form values of this one image (reference images by asset id), so "reuse settings"
    // can refill the form with its own seed and "Run again" can repeat it.
    params: { size: values.size, seed: values.seed, seedWasRandom, footnote: values.footnote ?? null, revise: values.revise, referenceAssetIds: references.map((r) => r.id) },
  };
}

/** "Run again" of an alpha v3 job: the same prompt, settings, reference images and seed. */
export async function runAlphaV3Again(user: CurrentUser, job: { id: string; generationId: string | null }) {
  const generation = job.generationId ? await db.generation.findUnique({ where: { id: job.generationId } }) : null;
  if (!generation) throw new AppError("not_found", "The generation of this job was deleted");
  const params = alphaV3StoredParamsSchema.parse(generation.params);
  const references = await loadReferenceAssets(user, params.referenceAssetIds, { field: "images", mimes: ALPHA_IMAGE_MIME_TYPES, maxBytes: ALPHA_V3_MAX_IMAGE_BYTES });
  return startAlphaV3(user, storedForm(generation.prompt, params, references), { runAgainOf: job.id, seedWasRandom: params.seedWasRandom });
}

/** The form of one stored image: its prompt, settings, seed and reference images. */
function storedForm(prompt: string, params: AlphaV3StoredParams, references: References): AlphaV3FormValues {
  return parseOrThrow(alphaV3FormSchema, {
    prompt,
    size: params.size,
    seed: params.seed ?? undefined,
    footnote: params.footnote ?? undefined,
    revise: params.revise,
    images: references.map((asset) => ({ assetId: asset.id, mime: asset.mime, bytes: Number(asset.bytes) })),
  });
}

/**
 * The work of an alpha v3 job, rebuilt from its generation's row in the worker that runs it. Its
 * reference images were checked when it started; one deleted since fails the job, naming it.
 */
export async function alphaV3JobWork(generationId: string): Promise<JobWork> {
  const generation = await db.generation.findUniqueOrThrow({ where: { id: generationId } });
  const params = alphaV3StoredParamsSchema.parse(generation.params);
  const references = await storedReferenceAssets(params.referenceAssetIds);
  const values = storedForm(generation.prompt, params, references);
  return (context) => runAlphaV3(generation.ownerId, values, references, generation, context);
}

async function runAlphaV3(
  ownerId: string,
  values: AlphaV3FormValues,
  references: References,
  generation: { id: string; teamId: string | null },
  { signal, progress }: Parameters<JobWork>[0],
): Promise<JobOutcome> {
  const started = Date.now();
  const client = alphaClient();
  const params = alphaV3ParamsFromForm(values, await Promise.all(references.map(upstreamImageUrl)));
  const result = await client.generateV3(params, {
    signal,
    party: { personId: ownerId, teamId: generation.teamId },
    onQueuePosition: (queuePosition) => progress({ state: "waiting", queuePosition }),
    onAdmitted: () => progress({ state: "generating" }),
  });
  progress({ state: "storing" });
  const stored: EntryImage[] = [];
  for (const [position, image] of result.images.entries()) {
    stored.push(await storeGeneratedImage({ client, url: image.url, ownerId, teamId: generation.teamId, generationId: generation.id, position, signal }));
  }
  const succeeded = {
    status: "succeeded" as const,
    requestId: result.requestId,
    tokens: result.totalTokens,
    revisedPrompt: result.images.find((image) => image.revisedPrompt)?.revisedPrompt,
    durationMs: Date.now() - started,
    completedAt: new Date(),
  };
  return {
    state: "succeeded",
    requestId: result.requestId,
    record: async (tx) => {
      const recorded = await tx.generation.update({ where: { id: generation.id }, data: succeeded, select: { ...ENTRY_SOURCE, ...GENERATION_USAGE_SOURCE } });
      await recordGenerationUsage(tx, recorded, stored.length);
      await indexGeneration(tx, { ...recorded, images: stored }, { model: "alpha-v3", references: references.map((reference) => reference.id), grouped: false });
    },
  };
}
