"use client";

import type { ReactNode } from "react";
import { ReferenceImagesInput } from "@/components/images/reference-images-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ALPHA_IMAGE_MIME_TYPES, ALPHA_V3_MAX_IMAGE_BYTES, ALPHA_V3_MAX_REFERENCE_IMAGES } from "@/lib/images/alpha-schemas";
import type { AlphaV3Field, AlphaV3FormState, FieldErrors } from "./alpha-v3-form-state";
import { FieldMessages } from "./field-messages";
import { FootnoteInput } from "./footnote-input";
import { GenerationErrorAlert } from "./generation-error-alert";
import { GenerationProgress } from "./generation-progress";
import { PromptInput } from "./prompt-input";
import { SeedControl } from "./seed-control";
import { SizePicker } from "./size-picker";
import type { GenerationFailure, RunningGeneration } from "./use-generate-alpha-v3";

type Props = {
  form: AlphaV3FormState;
  errors: FieldErrors;
  onChange: (patch: Partial<AlphaV3FormState>, field: AlphaV3Field) => void;
  onSubmit: () => void;
  running: RunningGeneration | null;
  cancelling: boolean;
  failure: GenerationFailure | null;
  cancelled: boolean;
  onCancel: () => void;
  /** Set when the failed job can be repeated with its own settings and seed. */
  onRunAgain?: () => void;
  onDismiss: () => void;
  /** Said near the reference images, e.g. after "Use as reference". */
  referenceNotice?: string;
  /** Said at the top of the form, e.g. after "Reuse settings". */
  formNotice?: ReactNode;
};

// The alpha v3 request (spec 4.1) as a form. On wide screens the panel stays in view while the
// results scroll, with its settings scrolling inside it and Generate always at its foot.
export function AlphaV3Form({ form, errors, onChange, onSubmit, running, cancelling, failure, cancelled, onCancel, onRunAgain, onDismiss, referenceNotice, formNotice }: Props) {
  return (
    <form
      id="alpha-v3-form"
      aria-label="Alpha v3 generation settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm lg:sticky lg:top-6 lg:max-h-[calc(100dvh-7.5rem)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="min-h-0 flex-1 space-y-5 p-4 sm:p-5 lg:overflow-y-auto">
        {formNotice}
        <PromptInput value={form.prompt} errors={errors.prompt} onChange={(prompt) => onChange({ prompt }, "prompt")} onSubmitShortcut={onSubmit} />

        <div id="alpha-references" className="space-y-1.5">
          <ReferenceImagesInput
            purpose="alpha-v3"
            max={ALPHA_V3_MAX_REFERENCE_IMAGES}
            maxBytes={ALPHA_V3_MAX_IMAGE_BYTES}
            accept={ALPHA_IMAGE_MIME_TYPES}
            value={form.references}
            onChange={(references) => onChange({ references }, "images")}
            pasteTarget
          />
          <FieldMessages id="alpha-images-message" messages={errors.images} />
          {referenceNotice ? (
            <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
              {referenceNotice}
            </p>
          ) : null}
        </div>

        <SizePicker
          value={form}
          errors={errors.size}
          onChange={(patch) => onChange(patch, "size")}
        />

        <div className="space-y-5 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <SeedControl value={form} errors={errors.seed} onChange={(patch) => onChange(patch, "seed")} />
          <FootnoteInput value={form.footnote} errors={errors.footnote} onChange={(footnote) => onChange({ footnote }, "footnote")} />
          <div className="space-y-1">
            <Switch
              id="alpha-revise"
              checked={form.revise}
              onChange={(revise) => onChange({ revise }, "revise")}
              label="Rewrite prompt"
              description="Improves quality and adds about 11 seconds. Turn it off only if you write detailed prompts yourself."
            />
            <FieldMessages id="alpha-revise-message" messages={errors.revise} />
          </div>
        </div>
      </div>

      <div className="space-y-3 border-t border-zinc-200 bg-zinc-50/80 p-4 sm:px-5 dark:border-zinc-800 dark:bg-zinc-950/30">
        {failure ? <GenerationErrorAlert error={failure.error} status={failure.status} onRetry={onSubmit} onRunAgain={onRunAgain} onDismiss={onDismiss} /> : null}
        {cancelled && !running ? (
          <Alert tone="info" title="Cancelled" onDismiss={onDismiss}>
            The request was stopped before an image was made.
          </Alert>
        ) : null}
        {running ? <GenerationProgress run={running} cancelling={cancelling} onCancel={onCancel} /> : null}
        {/* Jobs run on the server, so another request may start while one runs (up to the studio's limit). */}
        <div className="flex items-center gap-3">
          <Button type="submit" className="h-11 flex-1 text-[15px]" disabled={running?.stage === "sending"}>
            <svg viewBox="0 0 20 20" className="size-4.5" fill="currentColor" aria-hidden>
              <path d="M10 1.5 11.9 7l5.6 1.2-5.6 1.8L10 15.5 8.1 10 2.5 8.2 8.1 7 10 1.5Zm5.5 10 .8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8.8-2.2Z" />
            </svg>
            Generate
          </Button>
          <span className="hidden text-xs text-zinc-500 sm:inline">
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Ctrl</kbd>{" "}
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Enter</kbd>
          </span>
        </div>
      </div>
    </form>
  );
}
