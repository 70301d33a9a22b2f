"use client";

import { GeneratorForm, type GeneratorFormProps } from "@/components/images/generator-form";
import { PromptAndReferences } from "@/components/images/prompt-and-references";
import { VariationsControl } from "@/components/images/variations-control";
import { SwitchField } from "@/components/ui/switch-field";
import { supportsFeature, type BetaModel } from "@/lib/images/beta-capabilities";
import { BETA_PROMPT_MAX_CHARS } from "@/lib/upstream/beta/limits";
import { betaReferenceRule, type BetaField, type BetaFormState } from "./beta-form-state";
import { BetaModelOptions } from "./beta-model-options";
import { BetaModelSwitch } from "./beta-model-switch";
import { BetaOutputOptions } from "./beta-output-options";
import { BetaSizePicker } from "./beta-size-picker";

type Props = GeneratorFormProps<BetaFormState, BetaField> & {
  onModel: (model: BetaModel) => void;
  onLayerDecomposition: (on: boolean) => void;
};

// The beta request (spec 4.3) as a form: the model first, since it decides which controls exist.
export function BetaForm({ form, errors, onChange, onModel, onLayerDecomposition, onSubmit, request, blockedReason, referenceNotice, formNotice }: Props) {
  const layersOffered = supportsFeature(form.model, "layerDecomposition");
  return (
    <GeneratorForm name="beta" label="Beta generation settings" service="beta" onSubmit={onSubmit} request={request} blockedReason={blockedReason}>
      {formNotice}
      <BetaModelSwitch value={form.model} errors={errors.model} onChange={onModel} />

      {/* Spec 4.3, 8: at most 600 characters, with the spec's own recommendation as the hint. */}
      <PromptAndReferences
        name="beta"
        value={form}
        errors={errors}
        onChange={onChange}
        onSubmit={onSubmit}
        prompt={{
          max: BETA_PROMPT_MAX_CHARS,
          countsTrimmed: true,
          hint: "Recommended: at most 300 characters of Chinese or 600 words of English.",
          placeholder: "A travel poster of a lighthouse at dusk, bold flat colours, portrait 3:4",
        }}
        references={{
          purpose: "beta",
          label: form.layerDecomposition && layersOffered ? "Image to split" : "Reference images",
          rule: betaReferenceRule(form.model),
          notice: referenceNotice,
        }}
      />

      {layersOffered ? (
        <SwitchField
          id="beta-layer-decomposition"
          checked={form.layerDecomposition}
          onChange={onLayerDecomposition}
          label="Layer decomposition"
          description="Splits one reference image into a base image and up to 16 layers, each a PNG with transparency."
          errors={errors.layerDecomposition}
        />
      ) : null}

      <BetaSizePicker value={form} errors={errors.size} onChange={(patch) => onChange(patch, "size")} />
      <VariationsControl
        name="beta"
        value={form.variations}
        errors={errors.variations}
        onChange={(variations) => onChange({ variations }, "variations")}
        hint="Separate requests from one click, shown as one set; the service draws each image afresh."
      />
      <BetaModelOptions form={form} errors={errors} onChange={onChange} />
      <BetaOutputOptions form={form} errors={errors} onChange={onChange} />
    </GeneratorForm>
  );
}
