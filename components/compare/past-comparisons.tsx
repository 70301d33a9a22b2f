"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { TimeAgo } from "@/components/ui/local-time";
import type { ComparisonSummaryDto } from "@/lib/comparisons/comparison-dto";
import { COMPARISON_MODEL_LABELS } from "@/lib/comparisons/comparison-models";

/** The designer's recent comparisons, each opening its grid again; the one shown is marked. */
export function PastComparisons({ comparisons, currentId }: { comparisons: ComparisonSummaryDto[]; currentId: string | null }) {
  if (comparisons.length === 0) return null;
  return (
    <section aria-labelledby="past-comparisons" className="space-y-3">
      <h2 id="past-comparisons" className="text-sm font-semibold">
        Earlier comparisons
      </h2>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {comparisons.map((comparison) => {
            const current = comparison.id === currentId;
            return (
              <li key={comparison.id}>
                <Link
                  href={`/compare?id=${encodeURIComponent(comparison.id)}`}
                  aria-current={current ? "page" : undefined}
                  className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-900 ${current ? "bg-accent-50 dark:bg-zinc-900" : ""}`}
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{comparison.prompt}</span>
                  <span className="text-xs text-muted">{comparison.models.map((model) => COMPARISON_MODEL_LABELS[model]).join(" · ")}</span>
                  <span className="text-xs text-muted">{comparison.kept ? "One kept" : "None kept yet"}</span>
                  <TimeAgo iso={comparison.createdAt} className="text-xs text-muted" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>
    </section>
  );
}
