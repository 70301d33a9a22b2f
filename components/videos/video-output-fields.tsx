"use client";

import { AspectPreview } from "@/components/images/aspect-preview";
import { inputClassWith } from "@/components/ui/field";
import { FieldGroup } from "@/components/ui/field-group";
import { FieldMessages } from "@/components/ui/field-messages";
import { Segmented } from "@/components/ui/segmented";
import { SwitchField } from "@/components/ui/switch-field";
import { DELIVERY_720P_SIZES, SUPPORTED_BASE_SIZES, VIDEO_ASPECT_RATIOS, VIDEO_SECONDS, VIDEO_SHORT_EDGE } from "@/lib/upstream/video/limits";
import { shortEdgeFamily } from "@/lib/videos/video-rules";
import type { VideoField, VideoFieldErrors, VideoFormState } from "./video-form-state";

type Props = {
  form: VideoFormState;
  errors: VideoFieldErrors;
  onChange: (patch: Partial<VideoFormState>, field: VideoField) => void;
};

const CUSTOM = "custom";
const SHORT_EDGE_OPTIONS = [
  ...VIDEO_SHORT_EDGE.presets.map((edge) => ({ value: String(edge), label: edge === VIDEO_SHORT_EDGE.native ? `${edge} native` : String(edge) })),
  { value: CUSTOM, label: "Custom" },
];

const FAMILY_NAMES = { "1080p": "1080p", "2K": "2K", "4K": "4K" } as const;

/** What the chosen short edge does (spec 4.4 resolution handling), in a sentence. */
function shortEdgeNote(form: Pick<VideoFormState, "shortEdge" | "aspectRatio">): string {
  const edge = Number(form.shortEdge);
  const base = SUPPORTED_BASE_SIZES[form.aspectRatio];
  if (!Number.isInteger(edge) || edge < VIDEO_SHORT_EDGE.min || edge > VIDEO_SHORT_EDGE.max) return `${VIDEO_SHORT_EDGE.min} to ${VIDEO_SHORT_EDGE.max} px.`;
  const family = shortEdgeFamily(edge);
  if (family === "native") return `Generated directly at ${base.width}×${base.height}, no post-processing.`;
  return `Generated at ${base.width}×${base.height}, then post-processed to the ${FAMILY_NAMES[family]} family. The delivered size follows that family's fixed specs and may differ from ${edge}.`;
}

const numberInputClass = inputClassWith("font-mono tabular-nums");

// Length, shape and size of the clip (spec 4.4 `seconds`, `target`), and the 720p delivery of spec 8.
export function VideoOutputFields({ form, errors, onChange }: Props) {
  const base = SUPPORTED_BASE_SIZES[form.aspectRatio];
  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <label htmlFor="video-duration" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Duration
        </label>
        <span className="relative block w-32">
          <input
            id="video-duration"
            inputMode="numeric"
            autoComplete="off"
            value={form.durationSeconds}
            onChange={(event) => onChange({ durationSeconds: event.target.value.replace(/[^\d]/g, "") }, "durationSeconds")}
            aria-invalid={errors.durationSeconds?.length ? true : undefined}
            aria-describedby="video-duration-message"
            className={`${numberInputClass} pr-8`}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xs text-muted" aria-hidden>
            s
          </span>
        </span>
        <FieldMessages id="video-duration-message" messages={errors.durationSeconds} hint={`${VIDEO_SECONDS.min} to ${VIDEO_SECONDS.max} seconds.`} />
      </div>

      <FieldGroup id="video-aspect-ratio" label="Aspect ratio">
        <div role="radiogroup" aria-label="Aspect ratio" className="grid grid-cols-3 gap-1.5 sm:grid-cols-6">
          {VIDEO_ASPECT_RATIOS.map((ratio) => {
            const size = SUPPORTED_BASE_SIZES[ratio];
            const active = form.aspectRatio === ratio;
            return (
              <button
                key={ratio}
                type="button"
                role="radio"
                aria-checked={active}
                onClick={() => onChange({ aspectRatio: ratio }, "aspectRatio")}
                data-testid={`video-aspect-${ratio.replace(":", "x")}`}
                className={`flex flex-col items-center gap-1 rounded-lg border px-1 py-2 text-xs font-medium transition-colors ${
                  active
                    ? "border-accent-500 bg-accent-50 text-accent-700 dark:bg-accent-500/10 dark:text-accent-400"
                    : "border-zinc-200 text-zinc-600 hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800"
                }`}
              >
                <AspectPreview width={size.width} height={size.height} active={active} />
                {ratio}
              </button>
            );
          })}
        </div>
        <FieldMessages id="video-aspect-ratio-message" messages={errors.aspectRatio} />
      </FieldGroup>

      <FieldGroup id="video-short-edge" label="Short edge">
        <Segmented
          label="Short edge"
          value={form.customShortEdge ? CUSTOM : form.shortEdge}
          options={SHORT_EDGE_OPTIONS}
          onChange={(choice) => onChange(choice === CUSTOM ? { customShortEdge: true } : { customShortEdge: false, shortEdge: choice }, "shortEdge")}
          testIdPrefix="video-short-edge"
        />
        {form.customShortEdge ? (
          <span className="relative block w-36">
            <input
              id="video-short-edge-custom"
              aria-label="Custom short edge in pixels"
              inputMode="numeric"
              autoComplete="off"
              value={form.shortEdge}
              onChange={(event) => onChange({ shortEdge: event.target.value.replace(/[^\d]/g, "") }, "shortEdge")}
              aria-invalid={errors.shortEdge?.length ? true : undefined}
              aria-describedby="video-short-edge-message"
              className={`${numberInputClass} pr-9`}
            />
            <span className="pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-xs text-muted" aria-hidden>
              px
            </span>
          </span>
        ) : null}
        <FieldMessages id="video-short-edge-message" messages={errors.shortEdge} hint={shortEdgeNote(form)} />
      </FieldGroup>

      <SwitchField
        id="video-delivery-720p"
        checked={form.delivery720p}
        onChange={(delivery720p) => onChange({ delivery720p }, "delivery720p")}
        label="720p delivery"
        description={`Generated at a supported size (${base.width}×${base.height} for ${form.aspectRatio}; 1280×720 is not one), then converted to a ${DELIVERY_720P_SIZES[form.aspectRatio].width}×${DELIVERY_720P_SIZES[form.aspectRatio].height} copy after download. The original stays available.`}
        errors={errors.delivery720p}
      />
    </div>
  );
}
