"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BudgetStatusDto } from "@/lib/budgets/budget-schemas";
import { api } from "@/lib/client/api";
import { budgetStandText } from "./budget-line";

/** How often a form looks again at what is left: others' starts spend the same team and studio budgets. */
export const BUDGETS_REFRESH_MS = 15_000;

/** Every budget query; a job's end re-reads them, since its settlement changed what is left. */
export const budgetsKey = ["budgets"] as const;

const myBudgetsQuery = queryOptions({
  queryKey: [...budgetsKey, "mine"],
  queryFn: () => api<{ budgets: BudgetStatusDto[] }>("/api/budgets"),
  refetchInterval: BUDGETS_REFRESH_MS,
});

/** What is left of each budget that binds the next start, shown by a form before its button; nothing when none does. */
export function BudgetsLeft() {
  const { data } = useQuery(myBudgetsQuery);
  const budgets = data?.budgets ?? [];
  if (budgets.length === 0) return null;
  return (
    <ul aria-label="Budget left" className="space-y-0.5 text-xs text-muted">
      {budgets.map((budget) => (
        <li key={budget.id} className={budget.alerting ? "text-amber-700 dark:text-amber-400" : undefined}>
          {budget.name}: {budgetStandText(budget)}
        </li>
      ))}
    </ul>
  );
}
