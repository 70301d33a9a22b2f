// Beta's checks with the shared schemas (lib/images/beta-schemas): the form's rules and what each
// generation stored. Loaded when first needed (./beta-checks), not with the page.
import { issueFieldErrors } from "@/components/images/field-errors";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { StoredRequest } from "@/components/images/stored-request";
import { isBetaModel } from "@/lib/images/beta-capabilities";
import { betaFormSchema, type BetaFormValues } from "@/lib/images/beta-schemas";
import { betaFieldOf, betaFormStateOf, initialBetaForm, toBetaRequestBody, type BetaFieldErrors, type BetaFormState } from "./beta-form-state";

// What a beta generation stored: `params` holds the form values as submitted and
// `adjustments`, what the studio did to the references to make them fit (spec 8 limits).

/** Validates with the schema the route handler uses, so the browser refuses exactly what the server would. */
export function validate(state: BetaFormState): BetaFieldErrors {
  const result = betaFormSchema.safeParse(toBetaRequestBody(state));
  return result.success ? {} : issueFieldErrors(result.error.issues, betaFieldOf);
}

/** The submitted form values, or undefined when they no longer read as today's form (an older shape). */
export function betaValuesOf(generation: Pick<StoredRequest, "params">): BetaFormValues | undefined {
  const parsed = betaFormSchema.safeParse(generation.params);
  return parsed.success ? parsed.data : undefined;
}

/** The reference images the generation was asked with, as asset ids. */
export function referenceIdsOf(generation: Pick<StoredRequest, "params">): string[] {
  return (betaValuesOf(generation)?.images ?? []).map((image) => image.assetId);
}

/** The whole form as it was when `generation` was requested; when its params no longer read, its model and prompt. */
export function fromGeneration(generation: StoredRequest, references: ReferenceImage[]): BetaFormState {
  const values = betaValuesOf(generation);
  if (values) return betaFormStateOf(values, references);
  return { ...initialBetaForm, model: isBetaModel(generation.model) ? generation.model : initialBetaForm.model, prompt: generation.prompt, references };
}
