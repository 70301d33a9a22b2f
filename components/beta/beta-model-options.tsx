"use client";

import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { inputClassWith } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { SwitchField } from "@/components/ui/switch-field";
import { BETA_GROUP_MAX_IMAGES, supportsFeature } from "@/lib/images/beta-capabilities";
import type { BetaField, BetaFieldErrors, BetaFormState } from "./beta-form-state";

type Props = {
  form: BetaFormState;
  errors: BetaFieldErrors;
  onChange: (patch: Partial<BetaFormState>, field: BetaField) => void;
};

export const BACKGROUNDS: { value: BetaFormState["background"]; label: string }[] = [
  { value: "default", label: "Model default" },
  { value: "opaque", label: "Opaque" },
  { value: "transparent", label: "Transparent" },
];

export const OPTIMISATIONS: { value: BetaFormState["optimizePrompt"]; label: string }[] = [
  { value: "default", label: "Model default" },
  { value: "standard", label: "Standard" },
  { value: "fast", label: "Fast" },
];

export const WEB_SEARCH_DESCRIPTION = "Lets the model look up current facts on the web.";
export const BACKGROUND_HINT = "Transparent needs PNG output.";

// The choices only one model offers (spec 4.3): background and prompt optimisation on Pro, group
// images and web search on Lite. Layer decomposition (Pro) sits with the reference it splits.
export function BetaModelOptions({ form, errors, onChange }: Props) {
  const offers = (feature: Parameters<typeof supportsFeature>[1]) => supportsFeature(form.model, feature);
  return (
    <div className="space-y-5 border-t border-zinc-200 pt-5 dark:border-zinc-800" data-testid="beta-model-options">
      {offers("background") ? (
        <FieldGroup id="beta-background" label="Background">
          <Segmented label="Background" value={form.background} options={BACKGROUNDS} onChange={(background) => onChange({ background }, "background")} testIdPrefix="beta-background" />
          <FieldMessages id="beta-background-message" messages={errors.background} hint={BACKGROUND_HINT} />
        </FieldGroup>
      ) : null}
      {offers("optimizePrompt") ? (
        <FieldGroup id="beta-optimize-prompt" label="Prompt optimisation">
          <Segmented
            label="Prompt optimisation"
            value={form.optimizePrompt}
            options={OPTIMISATIONS}
            onChange={(optimizePrompt) => onChange({ optimizePrompt }, "optimizePrompt")}
            testIdPrefix="beta-optimize-prompt"
          />
          <FieldMessages id="beta-optimize-prompt-message" messages={errors.optimizePrompt} hint="Standard: higher quality, slower. Fast: quicker, slightly lower quality." />
        </FieldGroup>
      ) : null}
      {offers("group") ? (
        <div className="space-y-2">
          <Switch
            id="beta-group"
            checked={form.group}
            onChange={(group) => onChange({ group }, "group")}
            label="Group images"
            description="The model decides whether to return a set of related images, and how many; say how many in the prompt (“4 images”)."
          />
          {form.group ? (
            <div className="flex items-center gap-3">
              <label htmlFor="beta-max-images" className="text-sm text-zinc-700 dark:text-zinc-300">
                Max images
              </label>
              <input
                id="beta-max-images"
                type="number"
                inputMode="numeric"
                min={BETA_GROUP_MAX_IMAGES.min}
                max={BETA_GROUP_MAX_IMAGES.max}
                value={form.maxImages}
                onChange={(event) => onChange({ maxImages: event.target.value }, "group")}
                aria-invalid={errors.group?.length ? true : undefined}
                aria-describedby="beta-group-message"
                className={inputClassWith("w-20 font-mono tabular-nums")}
              />
            </div>
          ) : null}
          <FieldMessages id="beta-group-message" messages={errors.group} hint={form.group ? `${BETA_GROUP_MAX_IMAGES.min} to ${BETA_GROUP_MAX_IMAGES.max} images.` : undefined} />
        </div>
      ) : null}
      {offers("webSearch") ? (
        <SwitchField id="beta-web-search" checked={form.webSearch} onChange={(webSearch) => onChange({ webSearch }, "webSearch")} label="Web search" description={WEB_SEARCH_DESCRIPTION} errors={errors.webSearch} />
      ) : null}
    </div>
  );
}
