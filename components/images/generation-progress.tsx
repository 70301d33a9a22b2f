"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import { progressDetail, progressHeadline } from "./generation-progress-text";
import type { RunningGeneration } from "./use-generation-job";

const STEPS: { stage: RunningGeneration["stage"]; label: string }[] = [
  { stage: "waiting", label: "In line" },
  { stage: "generating", label: "Generating" },
  { stage: "storing", label: "Saving" },
];

type Props = {
  run: RunningGeneration;
  cancelling: boolean;
  onCancel: () => void;
  /** The model as the designer knows it ("alpha v3"), named while the request waits in line. */
  service: string;
  testId: string;
};

// Where the followed request is (its job's state, components/jobs), how long it has taken since it
// was made, and a way to stop it.
export function GenerationProgress({ run, cancelling, onCancel, service, testId }: Props) {
  const elapsed = Math.max(0, (useNow(100) - run.startedAt) / 1000);
  const current = STEPS.findIndex((step) => step.stage === run.stage);
  return (
    <div className="rounded-xl border border-accent-500/30 bg-accent-50/60 p-3.5 dark:border-accent-500/25 dark:bg-accent-500/5" data-testid={testId}>
      <div className="flex items-center gap-3">
        <Spinner className="size-5 shrink-0 text-accent-600 dark:text-accent-400" />
        <div className="min-w-0 flex-1">
          <p role="status" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {progressHeadline(run)}
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{progressDetail(run, service)}</p>
        </div>
        <span className="font-mono text-sm text-zinc-700 tabular-nums dark:text-zinc-300" aria-label={`${Math.floor(elapsed)} seconds elapsed`}>
          {elapsed.toFixed(1)} s
        </span>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ol className="flex flex-1 items-center gap-1.5" aria-label="Progress">
          {STEPS.map((step, index) => {
            const state = current === -1 ? "todo" : index < current ? "done" : index === current ? "now" : "todo";
            return (
              <li key={step.stage} className="flex flex-1 flex-col gap-1" aria-current={state === "now" ? "step" : undefined}>
                <span
                  className={`h-1 rounded-full ${
                    state === "done" ? "bg-accent-500" : state === "now" ? "animate-pulse bg-accent-500" : "bg-zinc-200 dark:bg-zinc-700"
                  }`}
                />
                <span className={`text-[10px] ${state === "todo" ? "text-muted" : "text-zinc-600 dark:text-zinc-300"}`}>{step.label}</span>
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={run.stage === "sending" || cancelling}>
          {cancelling ? "Stopping…" : "Cancel"}
        </Button>
      </div>
    </div>
  );
}
