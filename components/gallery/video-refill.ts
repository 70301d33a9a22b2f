import { initialVideoForm, toVideoRequestBody } from "@/components/videos/video-form-state";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { VideoInputDto } from "@/lib/videos/video-dto";
import type { VideoFormValues } from "@/lib/videos/video-schemas";
import { asObject } from "./gallery-refill";

// The videos form refilled from a gallery entry (`?reuse=<entry>`), as gallery-refill.ts does for
// the image forms. Pure.

/**
 * A video job as the videos form's Duplicate reads it, from a video entry's stored form values and
 * the input files the viewer may still open (`assets`, by id). The seed is not reused: Duplicate
 * leaves it random unless asked.
 */
export function videoJobOf(values: unknown, assets: ReadonlyMap<string, AssetDto>): { params: VideoFormValues; inputs: VideoInputDto[]; seed: null } {
  const stored = asObject(values);
  const defaults = toVideoRequestBody(initialVideoForm);
  const params = { ...defaults, ...stored, advanced: { ...asObject(stored.advanced) }, inputs: Array.isArray(stored.inputs) ? stored.inputs : [] } as VideoFormValues;
  const inputs = params.inputs.map((input) => ({ ...input, asset: assets.get(input.assetId) ?? null }));
  return { params, inputs, seed: null };
}

/** The asset ids a video entry's stored form names as inputs. */
export function videoInputIds(values: unknown): string[] {
  const inputs = asObject(values).inputs;
  return Array.isArray(inputs) ? inputs.flatMap((input) => (typeof asObject(input).assetId === "string" ? [asObject(input).assetId as string] : [])) : [];
}
