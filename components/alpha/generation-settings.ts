import { z } from "zod";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { initialAlphaV3Form, isPresetSize, type AlphaV3FormState } from "./alpha-v3-form-state";

// The settings lib/images/generate-alpha-v3 stores with each generation. `params` is JSON from the
// database, so it is read defensively: a missing or odd value falls back to the form default.
const storedSettingsSchema = z.object({
  size: z.string().catch("auto"),
  seed: z.number().int().nullable().catch(null),
  footnote: z.string().nullable().catch(null),
  revise: z.boolean().catch(true),
  referenceAssetIds: z.array(z.string()).catch([]),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

const fallback: StoredSettings = { size: "auto", seed: null, footnote: null, revise: true, referenceAssetIds: [] };

export function storedSettingsOf(generation: GenerationDto): StoredSettings {
  const parsed = storedSettingsSchema.safeParse(generation.params);
  return parsed.success ? parsed.data : fallback;
}

/** The whole form as it was when `generation` was requested, with its references resolved. */
export function formStateFromGeneration(generation: GenerationDto, references: ReferenceImage[]): AlphaV3FormState {
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
    seedMode: settings.seed === null ? "random" : "fixed",
    seed: settings.seed === null ? "" : String(settings.seed),
    footnote: settings.footnote ?? "",
    revise: settings.revise,
  };
}
