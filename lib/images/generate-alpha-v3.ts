import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, type AlphaV3FormValues } from "@/lib/images/alpha-schemas";
import { alphaV3ParamsFromForm } from "@/lib/images/alpha-params";
import { ALPHA_V3_MODEL } from "@/lib/upstream/alpha/wire-v3";
import { alphaClient } from "@/lib/upstream/clients";
import { storedFailure } from "@/lib/http/client-error";
import { startWithinRunningLimit } from "@/lib/jobs/running-limit";
import { toGenerationDto } from "./generation-dto";
import { loadReferenceAssets, upstreamImageUrl } from "./reference-images";
import { storeGeneratedImage } from "./store-result";

type Progress = { onQueuePosition?: (position: number) => void; onStage?: (stage: "generating" | "storing") => void };

// One alpha v3 request (spec 4.1). Preparing checks the reference images (a mistake is a 400 before
// anything starts) and records the generation as pending within the user's running limit (a 429
// before anything starts, lib/jobs/running-limit); the caller must then run what it returns, or the
// pending row keeps its place until the next start closes it. Running calls the upstream, copies
// every result image into storage, and only then marks it succeeded. A failure is recorded with the
// reason the designer sees; nothing is reported done without its stored image.
export async function prepareAlphaV3(user: CurrentUser, values: AlphaV3FormValues) {
  const references = await loadReferenceAssets(user, values.images.map((image) => image.assetId), {
    field: "images",
    mimes: ALPHA_IMAGE_MIME_TYPES,
    maxBytes: ALPHA_V3_MAX_IMAGE_BYTES,
  });
  const generation = await startWithinRunningLimit(user.id, (tx) =>
    tx.generation.create({
      data: {
        ownerId: user.id,
        teamId: user.teamIds[0] ?? null,
        kind: "alpha_v3",
        model: ALPHA_V3_MODEL,
        prompt: values.prompt,
        // The form values (reference images by asset id), so "reuse settings" can refill the form.
        params: { size: values.size, seed: values.seed ?? null, footnote: values.footnote ?? null, revise: values.revise, referenceAssetIds: references.map((r) => r.id) },
      },
    }),
  );
  return (options: Progress & { signal?: AbortSignal } = {}) => runAlphaV3(user, values, references, generation, options);
}

async function runAlphaV3(
  user: CurrentUser,
  values: AlphaV3FormValues,
  references: Awaited<ReturnType<typeof loadReferenceAssets>>,
  generation: { id: string; teamId: string | null },
  options: Progress & { signal?: AbortSignal },
) {
  const started = Date.now();
  try {
    const client = alphaClient();
    const params = alphaV3ParamsFromForm(values, await Promise.all(references.map(upstreamImageUrl)));
    const result = await client.generateV3(params, {
      signal: options.signal,
      onQueuePosition: options.onQueuePosition,
      onAdmitted: () => options.onStage?.("generating"),
    });
    options.onStage?.("storing");
    for (const [position, image] of result.images.entries()) {
      await storeGeneratedImage({ client, url: image.url, ownerId: user.id, teamId: generation.teamId, generationId: generation.id, position, signal: options.signal });
    }
    const done = await db.generation.update({
      where: { id: generation.id },
      data: {
        status: "succeeded",
        requestId: result.requestId,
        tokens: result.totalTokens,
        revisedPrompt: result.images.find((image) => image.revisedPrompt)?.revisedPrompt,
        durationMs: Date.now() - started,
        completedAt: new Date(),
      },
      include: { assets: { orderBy: { position: "asc" } } },
    });
    return toGenerationDto(done);
  } catch (error) {
    await db.generation.update({
      where: { id: generation.id },
      data: { status: "failed", ...storedFailure(error), durationMs: Date.now() - started, completedAt: new Date() },
    });
    throw error;
  }
}

export async function listAlphaV3Generations(user: CurrentUser, options: { cursor?: string; limit?: number } = {}) {
  const limit = Math.min(options.limit ?? 24, 100);
  const rows = await db.generation.findMany({
    where: { ownerId: user.id, kind: "alpha_v3" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
    include: { assets: { orderBy: { position: "asc" } } },
  });
  return { items: rows.slice(0, limit).map(toGenerationDto), nextCursor: rows.length > limit ? rows[limit - 1].id : null };
}
