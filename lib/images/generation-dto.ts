import { toAssetDto } from "@/lib/assets/asset-dto";
import type { Asset, Generation } from "@/lib/generated/prisma/client";
import { readStoredSettings } from "./stored-settings";

export type GenerationDto = ReturnType<typeof toGenerationDto>;

// What the browser gets about a generation: no owner ids, dates as ISO strings, stored images as
// studio links.
export function toGenerationDto(row: Generation & { assets: Asset[] }) {
  return {
    id: row.id,
    kind: row.kind,
    model: row.model,
    prompt: row.prompt,
    params: row.params as unknown,
    /** `params` read with the model's schema (lib/images/stored-settings); null when they no longer read. */
    settings: readStoredSettings(row.kind, row.params),
    status: row.status,
    requestId: row.requestId,
    tokens: row.tokens,
    revisedPrompt: row.revisedPrompt,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    durationMs: row.durationMs,
    /** Shared by the generations one click asked for as variations; null for a single image. */
    variationSetId: row.variationSetId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    images: row.assets.map(toAssetDto),
  };
}
