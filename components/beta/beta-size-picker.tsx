"use client";

import { aspectLabel } from "@/components/images/aspect-preview";
import { PixelSizeRow } from "@/components/images/pixel-size-row";
import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { BETA_PIXEL_RANGES, betaTierChoices } from "@/lib/images/beta-capabilities";
import { layersOn, type BetaFormState, type BetaSizeMethod } from "./beta-form-state";

type SizeFields = Pick<BetaFormState, "model" | "layerDecomposition" | "sizeMethod" | "tier" | "width" | "height">;

const METHODS: { value: BetaSizeMethod; label: string }[] = [
  { value: "tier", label: "Resolution tier" },
  { value: "pixels", label: "Width × height" },
];

const number = (value: number) => value.toLocaleString("en-US");

function pixelsOf(width: string, height: string): { width: number; height: number } | null {
  const size = { width: Number(width), height: Number(height) };
  return size.width > 0 && size.height > 0 ? size : null;
}

// Output size, spec 4.3: method 1, a resolution tier (the ratio or shape comes from the prompt, or
// from the image for layer decomposition), or method 2, width × height within the model's pixel
// range; never both, and layer decomposition takes tiers only. The rule that fails is the shared
// schema's, shown under the control.
export function BetaSizePicker({ value, errors, onChange }: { value: SizeFields; errors?: string[]; onChange: (patch: Partial<SizeFields>) => void }) {
  const layers = layersOn(value);
  const invalid = Boolean(errors?.length);
  const range = BETA_PIXEL_RANGES[value.model];
  const pixels = pixelsOf(value.width, value.height);
  const tiers = betaTierChoices(value.model, layers);
  return (
    <FieldGroup id="beta-size" label="Size" className="space-y-3">
      {layers ? (
        <p className="text-xs text-muted" data-testid="beta-size-tiers-only">
          Layer decomposition takes a resolution tier only; Auto follows the image you split.
        </p>
      ) : (
        <Segmented label="Size method" value={value.sizeMethod} options={METHODS} onChange={(sizeMethod) => onChange({ sizeMethod })} testIdPrefix="beta-size-method" />
      )}
      {value.sizeMethod === "tier" || layers ? (
        <div className="space-y-2">
          <Segmented
            label="Resolution tier"
            value={value.tier}
            options={tiers.map((tier) => ({ value: tier, label: tier === "auto" ? "Auto" : tier }))}
            onChange={(tier) => onChange({ tier })}
            testIdPrefix="beta-tier"
          />
          <FieldMessages
            id="beta-size-message"
            messages={errors}
            hint={layers ? "The base image takes this resolution and the source image's shape." : "Describe the ratio or shape in the prompt (“16:9”, “portrait”)."}
          />
        </div>
      ) : (
        <div className="space-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
          <PixelSizeRow
            idPrefix="beta-size"
            width={value.width}
            height={value.height}
            onChange={(size) => onChange(size)}
            parsed={pixels}
            invalid={invalid}
            describedBy="beta-size-message"
          />
          {pixels ? (
            <p className="text-[11px] text-muted tabular-nums" data-testid="beta-size-total">
              {number(pixels.width * pixels.height)} px · {aspectLabel(pixels.width, pixels.height)}
            </p>
          ) : null}
          <FieldMessages
            id="beta-size-message"
            messages={errors}
            hint={`Total pixels ${number(range.min)} to ${number(range.max)} (${range.minExample} to ${range.maxExample}); aspect ratio between 1:16 and 16:1.`}
          />
        </div>
      )}
    </FieldGroup>
  );
}
