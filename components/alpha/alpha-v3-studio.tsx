"use client";

import type { GalleryRefill } from "@/components/gallery/gallery-links";
import { refilledNotice, storedRequestOf } from "@/components/gallery/gallery-refill";
import { useGalleryRefill } from "@/components/gallery/use-gallery-refill";
import { GeneratorPage } from "@/components/images/generator-page";
import { useGeneratorForm, type GeneratorFormSource } from "@/components/images/use-generator-form";
import { reveal } from "@/components/ui/reveal";
import { AlphaV3Form } from "./alpha-v3-form";
import {
  ALPHA_V3_FIELD_LABELS,
  ALPHA_V3_FIELDS,
  alphaV3ReferenceRule,
  formFieldOf,
  initialAlphaV3Form,
  toFormInput,
  type AlphaV3Field,
  type AlphaV3FormState,
  type AlphaV3RequestBody,
} from "./alpha-v3-form-state";
import { alphaV3Checks } from "./alpha-v3-checks";
import { HistoryStrip } from "./history-strip";
import { useGenerateAlphaV3 } from "./use-generate-alpha-v3";

const ALPHA_PAGE = { path: "/alpha", target: "alpha-v3" } as const;

// Where the keyboard goes when a field is refused.
const focusTargets: Record<AlphaV3Field, string> = {
  prompt: "alpha-prompt",
  images: "alpha-references",
  size: "alpha-size-width",
  seed: "alpha-seed",
  footnote: "alpha-footnote",
  revise: "alpha-revise",
  variations: "alpha-variations-label",
};

const alphaV3Form: GeneratorFormSource<AlphaV3FormState, AlphaV3Field, AlphaV3RequestBody> = {
  name: "alpha",
  initial: initialAlphaV3Form,
  fields: ALPHA_V3_FIELDS,
  fieldLabels: ALPHA_V3_FIELD_LABELS,
  checks: alphaV3Checks,
  fieldOf: formFieldOf,
  focusTarget: (field) => focusTargets[field],
  referenceRule: () => alphaV3ReferenceRule,
  // A "random" seed is left empty: the studio draws it and stores it with the job, so "Run again"
  // repeats the image while "Reuse settings" stays random.
  toBody: toFormInput,
};

// The alpha v3 page: the request form on the left, the results on the right (stacked on small
// screens), checked live with the schema the route handler uses (alphaV3FormSchema; see
// components/images/use-generator-form). `refill` comes from the address: a gallery entry's settings
// or an image to use as a reference.
export function AlphaV3Studio({ refill }: { refill: GalleryRefill }) {
  const studio = useGeneratorForm(alphaV3Form, useGenerateAlphaV3());
  useGalleryRefill(refill, ALPHA_PAGE, {
    settings: (values, entry) => studio.refill(storedRequestOf("alpha-v3", values, entry), (missing) => refilledNotice(entry, missing), true),
    reference: studio.addAsReference,
    problem: (text) => studio.showNotice({ tone: "warning", text }),
  });

  function applySeed(seed: number) {
    studio.change({ seedMode: "fixed", seed: String(seed) }, "seed");
    reveal("alpha-seed-label");
  }

  return (
    <GeneratorPage
      name="alpha"
      form={<AlphaV3Form {...studio.formProps} />}
      request={studio.formProps.request}
      results={<HistoryStrip actions={{ ...studio.historyActions, onUseSeed: applySeed }} />}
    />
  );
}
