"use client";

import type { ReactNode } from "react";
import { inputClassWith } from "@/components/ui/field";
import { FieldMessages } from "@/components/ui/field-messages";
import { VIDEO_DEFAULTS, VIDEO_STEPS_WARNING_FROM } from "@/lib/upstream/video/limits";
import type { VideoField, VideoFieldErrors, VideoFormState } from "./video-form-state";

type Props = {
  form: VideoFormState;
  errors: VideoFieldErrors;
  onChange: (patch: Partial<VideoFormState>, field: VideoField) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
};

type NumberFieldProps = {
  id: string;
  label: string;
  value: string;
  field: VideoField;
  errors?: string[];
  hint: ReactNode;
  placeholder?: string;
  /** Whole numbers only (steps, seed); otherwise a decimal point may be typed. */
  whole: boolean;
  onChange: Props["onChange"];
  patchOf: (value: string) => Partial<VideoFormState>;
  testId?: string;
};

function NumberField({ id, label, value, field, errors, hint, placeholder, whole, onChange, patchOf, testId }: NumberFieldProps) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <input
        id={id}
        inputMode={whole ? "numeric" : "decimal"}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(patchOf(event.target.value.replace(whole ? /[^\d]/g : /[^\d.]/g, "")), field)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-message`}
        className={inputClassWith("font-mono tabular-nums")}
        data-testid={testId}
      />
      <FieldMessages id={`${id}-message`} messages={errors} hint={hint} />
    </div>
  );
}

// Spec 4.4's generation settings, folded away: most jobs keep the defaults. The seed shows here when
// "Reuse seed" refills the form.
export function VideoAdvancedFields({ form, errors, onChange, open, onOpen }: Props) {
  const stepCount = Number(form.steps);
  const slowSteps = form.steps !== "" && Number.isFinite(stepCount) && stepCount >= VIDEO_STEPS_WARNING_FROM;
  const changed = [
    form.steps !== String(VIDEO_DEFAULTS.steps) ? `${form.steps || "default"} steps` : null,
    form.flowShift !== String(VIDEO_DEFAULTS.flowShift) ? `flow ${form.flowShift || "default"}` : null,
    form.audioFlowShift !== String(VIDEO_DEFAULTS.audioFlowShift) ? `audio flow ${form.audioFlowShift || "default"}` : null,
    form.seed !== "" ? `seed ${form.seed}` : null,
  ].filter(Boolean);
  return (
    <div className="rounded-xl border border-zinc-200 dark:border-zinc-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="video-advanced"
        onClick={() => onOpen(!open)}
        className="flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm font-medium text-zinc-700 dark:text-zinc-300"
        data-testid="video-advanced-toggle"
      >
        <svg viewBox="0 0 20 20" className={`size-4 text-muted transition-transform ${open ? "rotate-90" : ""}`} fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden>
          <path d="M7.5 4.5 13 10l-5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Advanced
        <span className="ml-auto truncate text-xs font-normal text-muted">{changed.length ? changed.join(" · ") : "Defaults, random seed"}</span>
      </button>
      {open ? (
        <div id="video-advanced" className="grid grid-cols-1 gap-4 border-t border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-800">
          <NumberField
            id="video-steps"
            label="Inference steps"
            value={form.steps}
            field="steps"
            errors={errors.steps}
            whole
            onChange={onChange}
            patchOf={(steps) => ({ steps })}
            hint={
              slowSteps ? (
                <span className="text-amber-700 dark:text-amber-400" data-testid="video-steps-warning">
                  {VIDEO_STEPS_WARNING_FROM} or more steps take noticeably longer.
                </span>
              ) : (
                `Default ${VIDEO_DEFAULTS.steps}. More steps, more detail, more time.`
              )
            }
          />
          <NumberField
            id="video-seed"
            label="Seed"
            value={form.seed}
            field="seed"
            errors={errors.seed}
            whole
            placeholder="Random"
            onChange={onChange}
            patchOf={(seed) => ({ seed })}
            hint="Empty: a random seed, shown on the job afterwards."
            testId="video-seed"
          />
          <NumberField
            id="video-flow-shift"
            label="Flow shift"
            value={form.flowShift}
            field="flowShift"
            errors={errors.flowShift}
            whole={false}
            onChange={onChange}
            patchOf={(flowShift) => ({ flowShift })}
            hint={`Video generation flow. Default ${VIDEO_DEFAULTS.flowShift}.`}
          />
          <NumberField
            id="video-audio-flow-shift"
            label="Audio flow shift"
            value={form.audioFlowShift}
            field="audioFlowShift"
            errors={errors.audioFlowShift}
            whole={false}
            onChange={onChange}
            patchOf={(audioFlowShift) => ({ audioFlowShift })}
            hint={`Audio generation flow. Default ${VIDEO_DEFAULTS.audioFlowShift}.`}
          />
        </div>
      ) : null}
    </div>
  );
}
