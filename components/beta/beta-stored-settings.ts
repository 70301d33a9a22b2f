import { z } from "zod";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { StoredRequest } from "@/components/images/stored-request";
import { isBetaModel } from "@/lib/images/beta-capabilities";
import { betaFormSchema, type BetaFormValues } from "@/lib/images/beta-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { betaFormStateOf, initialBetaForm, type BetaFormState } from "./beta-form-state";

// What a beta generation stored: `params` holds the form values as submitted and
// `adjustments`, what the studio did to the references to make them fit (spec 8 limits).

const adjustmentsSchema = z.object({ adjustments: z.array(z.string()).catch([]) });

/** The submitted form values, or undefined when they no longer read as today's form (an older shape). */
export function betaValuesOf(generation: Pick<StoredRequest, "params">): BetaFormValues | undefined {
  const parsed = betaFormSchema.safeParse(generation.params);
  return parsed.success ? parsed.data : undefined;
}

/** What the studio changed in the reference images before sending them ("photo.heic converted to JPEG"). */
export function adjustmentsOf(generation: GenerationDto): string[] {
  const parsed = adjustmentsSchema.safeParse(generation.params);
  return parsed.success ? parsed.data.adjustments : [];
}

/** The reference images the generation was asked with, as asset ids. */
export function referenceIdsOf(generation: Pick<StoredRequest, "params">): string[] {
  return (betaValuesOf(generation)?.images ?? []).map((image) => image.assetId);
}

/** The whole form as it was when `generation` was requested; when its params no longer read, its model and prompt. */
export function betaFormStateFromGeneration(generation: StoredRequest, references: ReferenceImage[]): BetaFormState {
  const values = betaValuesOf(generation);
  if (values) return betaFormStateOf(values, references);
  return { ...initialBetaForm, model: isBetaModel(generation.model) ? generation.model : initialBetaForm.model, prompt: generation.prompt, references };
}

/** How a finished generation's images are shown: one image, a group (lite), or a base with its layers (pro). */
export function resultKindOf(generation: Pick<GenerationDto, "images">): "single" | "group" | "layers" {
  if (generation.images.some((image) => image.role === "base" || image.role === "layer")) return "layers";
  return generation.images.length > 1 ? "group" : "single";
}
