"use client";

import { useState } from "react";
import { FieldGroup } from "@/components/ui/field-group";
import { Segmented } from "@/components/ui/segmented";
import { formatMegapixels } from "@/lib/assets/media-labels";
import { ALPHA_V3_PRESET_SIZES, ALPHA_V3_SIZE_LIMITS, parsePixelSize, type AlphaV3PresetSize } from "@/lib/upstream/alpha/limits";
import type { AlphaV3FormState, SizeMode } from "./alpha-v3-form-state";
import { AspectPreview, aspectLabel } from "@/components/images/aspect-preview";
import { PixelSizeRow } from "@/components/images/pixel-size-row";
import { FieldMessages } from "@/components/ui/field-messages";

type Shape = keyof typeof ALPHA_V3_PRESET_SIZES;
type SizeFields = Pick<AlphaV3FormState, "sizeMode" | "preset" | "customWidth" | "customHeight">;

const SHAPES: { value: Shape; label: string }[] = [
  { value: "landscape", label: "Landscape" },
  { value: "square", label: "Square" },
  { value: "portrait", label: "Portrait" },
];

const MODES: { value: SizeMode; label: string }[] = [
  { value: "preset", label: "Preset" },
  { value: "custom", label: "Custom" },
  { value: "auto", label: "Let the model choose" },
];

function shapeOf(preset: AlphaV3PresetSize): Shape {
  return (Object.keys(ALPHA_V3_PRESET_SIZES) as Shape[]).find((shape) => (ALPHA_V3_PRESET_SIZES[shape] as readonly string[]).includes(preset)) ?? "square";
}

function dimensions(size: string) {
  const parsed = parsePixelSize(size);
  return parsed ?? { width: 1, height: 1 };
}

function megapixels(width: number, height: number): string {
  return formatMegapixels(width * height);
}

// Output size (spec 4.1): one of the 37 presets by shape, a custom size checked live against the
// side and area rules, or none at all so the model picks a preset from a size or ratio in the prompt.
export function SizePicker({ value, errors, onChange }: { value: SizeFields; errors?: string[]; onChange: (patch: Partial<SizeFields>) => void }) {
  const [shape, setShape] = useState<Shape>(shapeOf(value.preset));
  const [shownPreset, setShownPreset] = useState(value.preset);
  // A preset set from outside ("Reuse settings") brings its shape's tab into view.
  if (shownPreset !== value.preset) {
    setShownPreset(value.preset);
    setShape(shapeOf(value.preset));
  }

  const selected = dimensions(value.preset);
  return (
    <FieldGroup
      id="alpha-size"
      label="Size"
      className="space-y-3"
      aside={
        value.sizeMode === "preset" ? (
          <span className="text-xs text-muted tabular-nums">
            {selected.width} × {selected.height} · {aspectLabel(selected.width, selected.height)} · {megapixels(selected.width, selected.height)}
          </span>
        ) : null
      }
    >
      <Segmented label="Size mode" value={value.sizeMode} options={MODES} onChange={(sizeMode) => onChange({ sizeMode })} />
      {value.sizeMode === "preset" ? (
        <PresetGrid shape={shape} onShape={setShape} preset={value.preset} onPick={(preset) => onChange({ preset })} />
      ) : value.sizeMode === "custom" ? (
        <CustomSize width={value.customWidth} height={value.customHeight} errors={errors} onChange={onChange} />
      ) : (
        <p className="rounded-lg bg-zinc-50 p-3 text-xs leading-relaxed text-zinc-600 dark:bg-zinc-800/50 dark:text-zinc-400">
          No size is sent. When the prompt states a size or ratio (“16:9”, “portrait”, “1280x720”) the model picks the closest of the 37 presets;
          otherwise it predicts one.
        </p>
      )}
      {value.sizeMode !== "custom" ? <FieldMessages id="alpha-size-message" messages={errors} /> : null}
    </FieldGroup>
  );
}

function PresetGrid({ shape, onShape, preset, onPick }: { shape: Shape; onShape: (shape: Shape) => void; preset: AlphaV3PresetSize; onPick: (preset: AlphaV3PresetSize) => void }) {
  const presets = ALPHA_V3_PRESET_SIZES[shape];
  const shapeLabel = SHAPES.find((option) => option.value === shape)?.label ?? shape;
  return (
    <div className="rounded-xl border border-zinc-200 p-2.5 dark:border-zinc-800">
      <div className="mb-2.5 flex items-center justify-between gap-2">
        <Segmented
          label="Preset shape"
          value={shape}
          options={SHAPES.map((option) => ({ ...option, label: `${option.label} ${ALPHA_V3_PRESET_SIZES[option.value].length}` }))}
          onChange={onShape}
        />
      </div>
      <div role="radiogroup" aria-label={`${shapeLabel} presets`} className="grid max-h-52 grid-cols-3 gap-1.5 overflow-y-auto pr-0.5">
        {presets.map((size) => {
          const { width, height } = dimensions(size);
          const active = size === preset;
          return (
            <button
              key={size}
              type="button"
              role="radio"
              aria-checked={active}
              aria-label={`${width} × ${height}`}
              onClick={() => onPick(size)}
              className={`flex items-center gap-2 rounded-lg border px-2 py-1.5 text-left transition-colors ${
                active
                  ? "border-accent-500 bg-accent-50 ring-1 ring-accent-500 dark:bg-accent-500/10"
                  : "border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/60"
              }`}
            >
              <AspectPreview width={width} height={height} active={active} />
              <span className="min-w-0 leading-tight">
                <span className={`block font-mono text-[11px] tabular-nums ${active ? "text-accent-700 dark:text-accent-400" : "text-zinc-800 dark:text-zinc-200"}`}>
                  {width}×{height}
                </span>
                <span className="block text-[10px] text-muted">{aspectLabel(width, height)}</span>
              </span>
            </button>
          );
        })}
      </div>
      {shape === "square" ? (
        <p className="mt-2.5 text-xs text-muted">The only square preset. For a smaller square, choose Custom (for example 768 × 768).</p>
      ) : null}
    </div>
  );
}

function CustomSize({ width, height, errors, onChange }: { width: string; height: string; errors?: string[]; onChange: (patch: Partial<SizeFields>) => void }) {
  const parsed = parsePixelSize(`${width.trim()}x${height.trim()}`);
  const area = parsed ? parsed.width * parsed.height : 0;
  const share = area / ALPHA_V3_SIZE_LIMITS.maxArea;
  const invalid = Boolean(errors?.length);
  const { minSide, maxSide, maxArea } = ALPHA_V3_SIZE_LIMITS;
  return (
    <div className="space-y-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <PixelSizeRow
        idPrefix="alpha-size"
        width={width}
        height={height}
        onChange={(next) => onChange({ customWidth: next.width, customHeight: next.height })}
        parsed={parsed ?? null}
        invalid={invalid}
        describedBy="alpha-size-message"
      />
      <div>
        <div className="mb-1 flex justify-between text-[11px] text-muted tabular-nums">
          <span>
            Area {area.toLocaleString("en-US")} of {maxArea.toLocaleString("en-US")} px
          </span>
          {parsed ? <span>{aspectLabel(parsed.width, parsed.height)}</span> : null}
        </div>
        <div className="h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
          <div className={`h-full rounded-full transition-all ${share > 1 ? "bg-red-500" : "bg-accent-500"}`} style={{ width: `${Math.min(share, 1) * 100}%` }} />
        </div>
      </div>
      <FieldMessages
        id="alpha-size-message"
        messages={errors}
        hint={`Each side ${minSide}–${maxSide} px, and width × height at most ${Math.sqrt(maxArea)} × ${Math.sqrt(maxArea)}.`}
      />
    </div>
  );
}
