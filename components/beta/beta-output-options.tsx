"use client";

import { useState } from "react";
import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { SwitchField } from "@/components/ui/switch-field";
import type { BetaField, BetaFieldErrors, BetaFormState } from "./beta-form-state";

type Props = {
  form: BetaFormState;
  errors: BetaFieldErrors;
  onChange: (patch: Partial<BetaFormState>, field: BetaField) => void;
};

export const FORMATS: { value: BetaFormState["outputFormat"]; label: string }[] = [
  { value: "png", label: "PNG" },
  { value: "jpeg", label: "JPEG" },
];

const RESPONSES: { value: BetaFormState["responseFormat"]; label: string }[] = [
  { value: "url", label: "URL" },
  { value: "b64_json", label: "Base64" },
];

export const WATERMARK_DESCRIPTION = "Adds an “AI generated” mark in the bottom-right corner.";

// What both models share about the file they return (spec 4.3): its format, the AI-generated mark,
// and, for the curious, how the service hands it over (the studio stores the image either way).
export function BetaOutputOptions({ form, errors, onChange }: Props) {
  const [advanced, setAdvanced] = useState(false);
  const advancedOpen = advanced || Boolean(errors.responseFormat?.length);
  return (
    <div className="space-y-5 border-t border-zinc-200 pt-5 dark:border-zinc-800">
      <FieldGroup id="beta-output-format" label="Output format">
        <Segmented label="Output format" value={form.outputFormat} options={FORMATS} onChange={(outputFormat) => onChange({ outputFormat }, "outputFormat")} testIdPrefix="beta-format" />
        <FieldMessages id="beta-output-format-message" messages={errors.outputFormat} />
      </FieldGroup>
      <SwitchField id="beta-watermark" checked={form.watermark} onChange={(watermark) => onChange({ watermark }, "watermark")} label="Watermark" description={WATERMARK_DESCRIPTION} errors={errors.watermark} />
      <details open={advancedOpen} onToggle={(event) => setAdvanced(event.currentTarget.open)} className="group rounded-lg">
        <summary className="cursor-pointer text-sm font-medium text-zinc-700 select-none hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white">Advanced</summary>
        <div className="mt-3">
          <FieldGroup id="beta-response-format" label="Response format">
            <Segmented label="Response format" value={form.responseFormat} options={RESPONSES} onChange={(responseFormat) => onChange({ responseFormat }, "responseFormat")} testIdPrefix="beta-response" />
            <FieldMessages id="beta-response-format-message" messages={errors.responseFormat} hint="How the image service hands the image over: a download link or Base64 in its answer. The studio stores it either way." />
          </FieldGroup>
        </div>
      </details>
    </div>
  );
}
