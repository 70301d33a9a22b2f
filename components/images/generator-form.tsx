"use client";

import { BudgetsLeft } from "@/components/budgets/budgets-left";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FieldErrors } from "./field-errors";
import type { FollowedRequest } from "./followed-request";
import { GenerationErrorAlert } from "./generation-error-alert";
import { GenerationProgress } from "./generation-progress";
import { UpstreamNotices } from "@/components/upstreams/upstream-notices";

/** What every generator form takes from its page (components/images/use-generator-form). */
export type GeneratorFormProps<S, F extends string> = {
  form: S;
  errors: FieldErrors<F>;
  onChange: (patch: Partial<S>, field: F) => void;
  onSubmit: () => void;
  request: FollowedRequest;
  /** Said near the reference images, e.g. after "Use as reference". */
  referenceNotice?: string;
  /** Said at the top of the form, e.g. after "Reuse settings". */
  formNotice?: ReactNode;
  /** Why Generate is off (the first rule the form shows broken); Generate is on when unset. */
  blockedReason?: string;
};

type Props = {
  /** Prefix of the form's ids and test ids ("alpha", "beta"). */
  name: string;
  /** The form's accessible name. */
  label: string;
  /** The model as the designer knows it, said while a request waits in line. */
  service: string;
  onSubmit: () => void;
  request: FollowedRequest;
  blockedReason?: string;
  children: ReactNode;
};

// A generator's request form. On wide screens the panel stays in view while the results scroll,
// with its settings scrolling inside it and, at its foot, the followed request (progress, failure,
// cancellation) and Generate. A followed variation set's progress is shown beside the results
// (generator-page).
export function GeneratorForm({ name, label, service, onSubmit, request, blockedReason, children }: Props) {
  const { running, cancelling, failure, cancelled, onCancel, onRunAgain, onDismiss } = request;
  const reasonId = `${name}-generate-blocked`;
  return (
    <form
      id={`${name}-form`}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm lg:sticky lg:top-6 lg:max-h-[calc(100dvh-7.5rem)] dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="min-h-0 flex-1 space-y-5 p-4 sm:p-5 lg:overflow-y-auto">{children}</div>

      <div className="space-y-3 border-t border-zinc-200 bg-zinc-50/80 p-4 sm:px-5 dark:border-zinc-800 dark:bg-zinc-950/30">
        <UpstreamNotices services={["image"]} testId={`${name}-upstream-notice`} />
        {failure ? <GenerationErrorAlert error={failure.error} status={failure.status} onRetry={onSubmit} onRunAgain={onRunAgain} onDismiss={onDismiss} /> : null}
        {cancelled && !running ? (
          <Alert tone="info" title="Cancelled" onDismiss={onDismiss}>
            The request was stopped before an image was made.
          </Alert>
        ) : null}
        {running ? <GenerationProgress run={running} cancelling={cancelling} onCancel={onCancel} service={service} testId={`${name}-progress`} /> : null}
        <BudgetsLeft />
        {/* Jobs run on the server, so another request may start while one runs (up to the studio's limit). */}
        <div className="flex items-center gap-3">
          <Button
            type="submit"
            className="h-11 flex-1 text-[15px]"
            disabled={running?.stage === "sending" || blockedReason !== undefined}
            aria-describedby={blockedReason !== undefined ? reasonId : undefined}
            data-testid={`${name}-generate`}
          >
            <svg viewBox="0 0 20 20" className="size-4.5" fill="currentColor" aria-hidden>
              <path d="M10 1.5 11.9 7l5.6 1.2-5.6 1.8L10 15.5 8.1 10 2.5 8.2 8.1 7 10 1.5Zm5.5 10 .8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8.8-2.2Z" />
            </svg>
            Generate
          </Button>
          <span className="hidden text-xs text-muted sm:inline">
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Ctrl</kbd>{" "}
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-sans dark:border-zinc-700 dark:bg-zinc-900">Enter</kbd>
          </span>
        </div>
        {blockedReason !== undefined ? (
          <p id={reasonId} className="text-xs text-zinc-600 dark:text-zinc-400" data-testid={`${name}-generate-blocked`}>
            {blockedReason}
          </p>
        ) : null}
      </div>
    </form>
  );
}
