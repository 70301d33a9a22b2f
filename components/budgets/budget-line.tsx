import { BUDGET_PERIOD_LABELS, formatMetric, formatResetAt } from "@/lib/budgets/budget-labels";
import type { BudgetStatusDto } from "@/lib/budgets/budget-schemas";

/** "3 images left of 7 (weekly), resets at 2026-11-30 00:00 UTC": where a budget stands. */
export function budgetStandText(budget: BudgetStatusDto): string {
  const left = formatMetric(budget.metric, budget.remaining, budget.currency);
  const limit = formatMetric(budget.metric, budget.limit, budget.currency);
  const reset = budget.resetsAt ? `resets at ${formatResetAt(new Date(budget.resetsAt))}` : "no period";
  return `${left} left of ${limit} (${BUDGET_PERIOD_LABELS[budget.period].toLowerCase()}), ${reset}`;
}

/** One budget as a line of a list: its name, where it stands, and whether it has passed its alert threshold. */
export function BudgetLine({ budget }: { budget: BudgetStatusDto }) {
  return (
    <li className="text-sm">
      <span className="font-medium">{budget.name}</span>: {budgetStandText(budget)}
      {budget.alerting ? <span className="ml-2 text-xs font-medium text-amber-700 dark:text-amber-400">past {budget.alertPercent}%</span> : null}
    </li>
  );
}
