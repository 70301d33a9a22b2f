"use client";

import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { BETA_FEATURE_LABELS, BETA_MAX_REFERENCE_IMAGES, BETA_MODELS, BETA_MODEL_LABELS, BETA_TIERS, supportsFeature, type BetaFeature, type BetaModel } from "@/lib/images/beta-capabilities";

const FEATURES: BetaFeature[] = ["layerDecomposition", "background", "optimizePrompt", "group", "webSearch"];

/** "1K / 1.5K / 2K · up to 10 reference images · layer decomposition, a background choice, prompt optimisation" (spec 9). */
function summaryOf(model: BetaModel): string {
  const features = FEATURES.filter((feature) => supportsFeature(model, feature)).map((feature) => BETA_FEATURE_LABELS[feature]);
  return `${BETA_TIERS[model].join(" / ")} · up to ${BETA_MAX_REFERENCE_IMAGES[model]} reference images · ${features.join(", ")}`;
}

// Pro or Lite (spec 4.3, 9): the rest of the form shows only what the chosen model offers.
export function BetaModelSwitch({ value, errors, onChange }: { value: BetaModel; errors?: string[]; onChange: (model: BetaModel) => void }) {
  return (
    <FieldGroup id="beta-model" label="Model">
      <Segmented label="Model" value={value} options={BETA_MODELS.map((model) => ({ value: model, label: BETA_MODEL_LABELS[model] }))} onChange={onChange} testIdPrefix="beta-model" />
      <FieldMessages id="beta-model-message" messages={errors} hint={<span data-testid="beta-model-summary">{summaryOf(value)}</span>} />
    </FieldGroup>
  );
}
