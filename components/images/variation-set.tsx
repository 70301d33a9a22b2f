"use client";

import type { ReactNode } from "react";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { RevisedPrompt } from "./result-card";
import { readySummary, sharedBySet, type SharedBySet } from "./variation-sets";

type Props = {
  /** Prefix of the test id (`${name}-variation-set`). */
  name: string;
  generations: GenerationDto[];
  /** The card of one generation of the set, which leaves out what the set shows. */
  renderCell: (generation: GenerationDto, shared: SharedBySet) => ReactNode;
};

// The images one click asked for, side by side, each filling in as its own job ends (each cell is
// that generation's own card: its state, its failure, its actions). What every cell would repeat
// (the prompt, the revised prompt they share) is said once above them.
export function VariationSet({ name, generations, renderCell }: Props) {
  const shared = sharedBySet(generations);
  const ready = generations.filter((generation) => generation.status === "succeeded").length;
  const failed = generations.filter((generation) => generation.status === "failed").length;
  const summary = readySummary(ready, failed, generations.length);
  return (
    <section
      aria-label={`Set of ${generations.length} variations`}
      className="space-y-2 rounded-xl border border-zinc-200 bg-zinc-50/60 p-2 sm:p-3 dark:border-zinc-800 dark:bg-zinc-900/40"
      data-testid={`${name}-variation-set`}
      data-count={generations.length}
    >
      <div className="space-y-0.5 px-1">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-medium">{generations.length} variations</h3>
          <span className="text-xs text-muted tabular-nums" aria-live="polite">
            {summary}
          </span>
        </div>
        <p className="line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300" title={generations[0].prompt}>
          {generations[0].prompt}
        </p>
      </div>
      {shared.revisedPrompt ? <RevisedPrompt text={shared.revisedPrompt} testId={`${name}-variation-set-revised-prompt`} /> : null}
      <ol className="grid gap-2 sm:grid-cols-2 sm:gap-3">
        {generations.map((generation) => (
          <li key={generation.id} className="@container min-w-0">
            {renderCell(generation, shared)}
          </li>
        ))}
      </ol>
    </section>
  );
}
