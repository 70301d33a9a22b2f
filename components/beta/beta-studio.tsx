"use client";

import type { GalleryRefill } from "@/components/gallery/gallery-links";
import { refilledNotice, storedRequestOf } from "@/components/gallery/gallery-refill";
import { useGalleryRefill } from "@/components/gallery/use-gallery-refill";
import { GeneratorPage } from "@/components/images/generator-page";
import { BETA_MODELS, supportsFeature } from "@/lib/upstream/beta/limits";
import { useGeneratorForm, type GeneratorFormSource } from "@/components/images/use-generator-form";
import { BetaForm } from "./beta-form";
import {
  BETA_FIELD_LABELS,
  BETA_FIELDS,
  betaFieldOf,
  betaReferenceRule,
  initialBetaForm,
  layersOn,
  toBetaRequestBody,
  withLayerDecomposition,
  withModel,
  type BetaField,
  type BetaFormState,
  type BetaRequestBody,
} from "./beta-form-state";
import { BetaHistoryStrip } from "./beta-history-strip";
import { betaChecks } from "./beta-checks";
import { useGenerateBeta } from "./use-generate-beta";

const BETA_PAGE = { path: "/beta", target: "beta" } as const;

/** The beta model that splits an image into layers (spec 4.3: Pro). */
const LAYERS_MODEL = BETA_MODELS.find((model) => supportsFeature(model, "layerDecomposition"))!;

// Where the keyboard goes when a field is refused.
const focusTargets: Record<BetaField, string> = {
  model: "beta-model",
  prompt: "beta-prompt",
  images: "beta-references",
  layerDecomposition: "beta-layer-decomposition",
  size: "beta-size",
  background: "beta-background",
  optimizePrompt: "beta-optimize-prompt",
  group: "beta-group",
  webSearch: "beta-web-search",
  outputFormat: "beta-output-format",
  watermark: "beta-watermark",
  responseFormat: "beta-response-format",
  variations: "beta-variations-label",
};

/** The input to focus for a refused field: the one the designer types into when there is one. */
function focusTarget(field: BetaField, form: BetaFormState): string {
  if (field === "size" && form.sizeMethod === "pixels" && !layersOn(form)) return "beta-size-width";
  if (field === "group" && form.group) return "beta-max-images";
  return focusTargets[field];
}

/** A model switch changes what every model-bound field may hold, so their rules show at once. */
const MODEL_BOUND: BetaField[] = ["model", "images", "size", "layerDecomposition", "background", "optimizePrompt", "group", "webSearch"];

const betaForm: GeneratorFormSource<BetaFormState, BetaField, BetaRequestBody> = {
  name: "beta",
  initial: initialBetaForm,
  fields: BETA_FIELDS,
  fieldLabels: BETA_FIELD_LABELS,
  checks: betaChecks,
  fieldOf: betaFieldOf,
  focusTarget,
  referenceRule: (form) => betaReferenceRule(form.model),
  toBody: toBetaRequestBody,
};

// The beta page: the request form on the left, the results on the right (stacked on
// small screens), as on the alpha page, checked live with the schema the route handler uses
// (betaFormSchema; see components/images/use-generator-form). Generate stays off and says why
// while any rule is broken. `refill` comes from the address: a gallery entry's settings or an image
// to use as a reference, or one to split into layers ("Split into layers": Pro, which
// decomposes).
export function BetaStudio({ refill }: { refill: GalleryRefill }) {
  const studio = useGeneratorForm(betaForm, useGenerateBeta());
  useGalleryRefill(refill, BETA_PAGE, {
    settings: (values, entry) => studio.refill(storedRequestOf("beta", values, entry), (missing) => refilledNotice(entry, missing), true),
    reference: studio.addAsReference,
    layersFrom: (image) => {
      studio.update((current) => ({ ...withLayerDecomposition(withModel(current, LAYERS_MODEL), true), references: [image] }), ...MODEL_BOUND);
      studio.showNotice({ tone: "info", text: "Pro will split this image into layers. Describe the layers you want, then generate." });
    },
    problem: (text) => studio.showNotice({ tone: "warning", text }),
  });

  return (
    <GeneratorPage
      name="beta"
      form={
        <BetaForm
          {...studio.formProps}
          onModel={(model) => studio.update((current) => withModel(current, model), ...MODEL_BOUND)}
          onLayerDecomposition={(on) => studio.update((current) => withLayerDecomposition(current, on), "layerDecomposition", "size", "images")}
        />
      }
      request={studio.formProps.request}
      results={<BetaHistoryStrip actions={studio.historyActions} />}
    />
  );
}
