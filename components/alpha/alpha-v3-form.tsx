"use client";

import { GeneratorForm, type GeneratorFormProps } from "@/components/images/generator-form";
import { PromptAndReferences } from "@/components/images/prompt-and-references";
import { VariationsControl } from "@/components/images/variations-control";
import { SwitchField } from "@/components/ui/switch-field";
import { ALPHA_V3_PROMPT_MAX_CODE_POINTS } from "@/lib/upstream/alpha/limits";
import { alphaV3ReferenceRule, type AlphaV3Field, type AlphaV3FormState } from "./alpha-v3-form-state";
import { FootnoteInput } from "./footnote-input";
import { SeedControl } from "./seed-control";
import { SizePicker } from "./size-picker";

// The alpha v3 request (spec 4.1) as a form (the panel and its foot: components/images/generator-form).
// Its request's "Run again" repeats the failed job with its own settings and seed.
export function AlphaV3Form({ form, errors, onChange, onSubmit, request, blockedReason, referenceNotice, formNotice }: GeneratorFormProps<AlphaV3FormState, AlphaV3Field>) {
  return (
    <GeneratorForm name="alpha" label="Alpha v3 generation settings" service="alpha v3" onSubmit={onSubmit} request={request} blockedReason={blockedReason}>
      {formNotice}
      {/* Spec 4.1, 8: at most 8192 characters. */}
      <PromptAndReferences
        name="alpha"
        value={form}
        errors={errors}
        onChange={onChange}
        onSubmit={onSubmit}
        prompt={{
          max: ALPHA_V3_PROMPT_MAX_CODE_POINTS,
          hint: "Describe the image. A size or ratio in the prompt is used when Size is left to the model.",
          placeholder: "A quiet harbour at dawn, fishing boats in soft fog, muted teal and amber, 16:9",
        }}
        references={{ purpose: "alpha-v3", rule: alphaV3ReferenceRule, notice: referenceNotice }}
      />

      <SizePicker
        value={form}
        errors={errors.size}
        onChange={(patch) => onChange(patch, "size")}
      />

      <div className="space-y-5 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <VariationsControl
          name="alpha"
          value={form.variations}
          errors={errors.variations}
          onChange={(variations) => onChange({ variations }, "variations")}
          hint="Images from one click, shown as one set: the first with the seed below, the others with the seeds after it."
        />
        <SeedControl value={form} errors={errors.seed} onChange={(patch) => onChange(patch, "seed")} />
        <FootnoteInput value={form.footnote} errors={errors.footnote} onChange={(footnote) => onChange({ footnote }, "footnote")} />
        <SwitchField
          id="alpha-revise"
          checked={form.revise}
          onChange={(revise) => onChange({ revise }, "revise")}
          label="Rewrite prompt"
          description="Improves quality and adds about 11 seconds. Turn it off only if you write detailed prompts yourself."
          errors={errors.revise}
        />
      </div>
    </GeneratorForm>
  );
}
