// Alpha v3's checks with the shared schemas (lib/images/alpha-schemas): the form's rules and the
// settings stored with each generation. Loaded when first needed (./alpha-v3-checks), not with the page.
import { issueFieldErrors } from "@/components/images/field-errors";
import type { ReferenceImage } from "@/components/images/reference-image";
import { alphaV3FormSchema, alphaV3StoredParamsSchema, type AlphaV3StoredParams } from "@/lib/images/alpha-schemas";
import type { StoredRequest } from "@/components/images/stored-request";
import { FALLBACK_SETTINGS } from "./shown-settings";
import { formFieldOf, initialAlphaV3Form, isPresetSize, toFormInput, type AlphaV3FormState, type FieldErrors } from "./alpha-v3-form-state";

export type StoredSettings = AlphaV3StoredParams;

export function storedSettingsOf(generation: Pick<StoredRequest, "params">): StoredSettings {
  const parsed = alphaV3StoredParamsSchema.safeParse(generation.params);
  return parsed.success ? parsed.data : FALLBACK_SETTINGS;
}

/** Validates with the same schema the route handler uses, so the browser refuses exactly what the server would. */
export function validate(state: AlphaV3FormState): FieldErrors {
  const result = alphaV3FormSchema.safeParse(toFormInput(state));
  return result.success ? {} : issueFieldErrors(result.error.issues, formFieldOf);
}

/** The reference images `generation` was asked with, as asset ids. */
export function referenceIdsOf(generation: Pick<StoredRequest, "params">): string[] {
  return storedSettingsOf(generation).referenceAssetIds;
}

/** The whole form as it was when `generation` was requested, with its references resolved. */
export function fromGeneration(generation: StoredRequest, references: ReferenceImage[]): AlphaV3FormState {
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
