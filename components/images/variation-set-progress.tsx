"use client";

import { describeFailure } from "@/components/errors/error-copy";
import { jobStatusText } from "@/components/jobs/job-status";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isActiveJobState } from "@/lib/jobs/job-dto";
import type { FollowedVariation } from "./use-generation-job";
import { readySummary } from "./variation-sets";

type Props = {
  /** Prefix of the test ids ("alpha", "beta"). */
  name: string;
  variations: FollowedVariation[];
  onCancel: () => void;
  onRunAgain: (jobId: string) => void;
  onDismiss: () => void;
};

const UNFINISHED = new Set(["failed", "cancelled", "interrupted"]);

// The set the form asked for, in one compact row above the results: its summary, one small tile per
// image (its place in line or step while it runs, its thumbnail once ready) and "Cancel the rest";
// below it, for an image that failed, its reason and "Run again" (the set then follows the new image
// in its place).
export function VariationSetProgress({ name, variations, onCancel, onRunAgain, onDismiss }: Props) {
  const total = variations.length;
  const ready = variations.filter(({ job }) => job?.state === "succeeded").length;
  const unfinished = variations.filter(({ job }) => job && UNFINISHED.has(job.state));
  const active = variations.some(({ job }) => !job || isActiveJobState(job.state));
  if (!active && unfinished.length === 0) return null;
  return (
    <div className="space-y-2 rounded-xl border border-accent-500/30 bg-accent-50/60 px-3 py-2 dark:border-accent-500/25 dark:bg-accent-500/5" data-testid={`${name}-set-progress`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {active ? <Spinner className="size-4 shrink-0 text-accent-600 dark:text-accent-400" /> : null}
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{active ? `Generating ${total} variations…` : `${total} variations`}</p>
        <ol className="flex gap-1.5" aria-label="Variations">
          {variations.map(({ jobId, job, thumbnailUrl }, index) => {
            const state = job?.state ?? "queued";
            const label = state === "succeeded" ? "Ready" : job ? jobStatusText(job) : "Starting";
            return (
              <li
                key={jobId}
                title={`Variation ${index + 1}: ${label}`}
                aria-label={`Variation ${index + 1}: ${label}`}
                data-testid={`${name}-set-item`}
                data-state={state}
                className={`relative size-8 shrink-0 overflow-hidden rounded-md border ${
                  UNFINISHED.has(state) ? "border-red-300 bg-red-50 dark:border-red-500/40 dark:bg-red-500/10" : "border-zinc-200 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800"
                }`}
              >
                {state === "succeeded" && thumbnailUrl ? (
                  <img src={thumbnailUrl} alt="" className="size-full object-cover" />
                ) : state === "succeeded" ? (
                  <div className="size-full bg-accent-500/40" />
                ) : UNFINISHED.has(state) ? null : (
                  <div className="size-full animate-pulse bg-gradient-to-br from-accent-100 via-zinc-200 to-accent-50 dark:from-accent-500/15 dark:via-zinc-800 dark:to-zinc-900" />
                )}
                <span
                  className={`absolute inset-0 grid place-items-center text-[11px] font-semibold tabular-nums ${
                    UNFINISHED.has(state)
                      ? "text-red-700 dark:text-red-300"
                      : state === "succeeded"
                        ? "text-white [text-shadow:0_0_3px_rgb(0_0_0/0.8)]"
                        : "text-zinc-700 dark:text-zinc-200"
                  }`}
                  aria-hidden
                >
                  {UNFINISHED.has(state) ? "!" : index + 1}
                </span>
              </li>
            );
          })}
        </ol>
        <span role="status" className="ml-auto text-xs text-zinc-700 tabular-nums dark:text-zinc-300" data-testid={`${name}-set-summary`}>
          {readySummary(ready, unfinished.length, total)}
        </span>
        {active ? (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel the rest
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
      {unfinished.length > 0 ? (
        <ul className="space-y-1.5">
          {unfinished.map(({ jobId, job }) => {
            const index = variations.findIndex((variation) => variation.jobId === jobId);
            const { title, detail } = describeFailure(job?.error?.code, job?.error?.message);
            return (
              <li key={jobId} className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white px-2.5 py-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-900" data-testid={`${name}-set-failure`}>
                <p className="min-w-0 flex-1">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">
                    Variation {index + 1}: {job?.state === "cancelled" ? "Cancelled" : title}
                  </span>
                  {job?.state === "cancelled" ? null : <span className="text-zinc-700 dark:text-zinc-300"> · {detail}</span>}
                </p>
                {job?.canRunAgain ? (
                  <Button size="sm" variant="secondary" onClick={() => onRunAgain(jobId)}>
                    Run again
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
