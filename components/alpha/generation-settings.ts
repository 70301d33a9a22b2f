import type { ReferenceImage } from "@/components/images/reference-image";
import { alphaV3StoredParamsSchema, type AlphaV3StoredParams } from "@/lib/images/alpha-schemas";
import type { StoredRequest } from "@/components/images/stored-request";
import { initialAlphaV3Form, isPresetSize, type AlphaV3FormState } from "./alpha-v3-form-state";

export type StoredSettings = AlphaV3StoredParams;

const fallback: StoredSettings = { size: "auto", seed: null, seedWasRandom: false, footnote: null, revise: true, referenceAssetIds: [] };

export function storedSettingsOf(generation: Pick<StoredRequest, "params">): StoredSettings {
  const parsed = alphaV3StoredParamsSchema.safeParse(generation.params);
  return parsed.success ? parsed.data : fallback;
}

/** The whole form as it was when `generation` was requested, with its references resolved. */
export function formStateFromGeneration(generation: StoredRequest, references: ReferenceImage[]): AlphaV3FormState {
  const settings = storedSettingsOf(generation);
  const [width, height] = settings.size.split("x");
  const sizeMode = settings.size === "auto" ? "auto" : isPresetSize(settings.size) ? "preset" : "custom";
  return {
    prompt: generation.prompt,
    references,
    sizeMode,
    preset: isPresetSize(settings.size) ? settings.size : initialAlphaV3Form.preset,
    customWidth: sizeMode === "custom" ? width : initialAlphaV3Form.customWidth,
    customHeight: sizeMode === "custom" ? height : initialAlphaV3Form.customHeight,
    // The seed the image was made with, even one the studio drew for a "random" request: reusing
    // settings reproduces the image; the seed field's dice rolls a new one.
    seedMode: settings.seed === null ? "random" : "fixed",
    seed: settings.seed === null ? "" : String(settings.seed),
    footnote: settings.footnote ?? "",
    revise: settings.revise,
    // One image of a set stands alone: its settings bring back its own seed, for one image.
    variations: initialAlphaV3Form.variations,
  };
}
