"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { BudgetStatusDto } from "@/lib/budgets/budget-schemas";
import { api } from "@/lib/client/api";
import { budgetStandText } from "./budget-line";
import { budgetsKey, BUDGETS_REFRESH_MS } from "./budgets-left";

/**
 * The shell's soft alert: the budgets past their alert threshold that concern the viewer (an admin:
 * all of them). Live: re-read when a job starts or ends and while others spend the same budgets.
 */
export function BudgetAlerts({ initialBudgets, isAdmin }: { initialBudgets: BudgetStatusDto[]; isAdmin: boolean }) {
  const { data } = useQuery({
    queryKey: [...budgetsKey, "alerts"],
    queryFn: () => api<{ budgets: BudgetStatusDto[] }>("/api/budgets/alerts"),
    initialData: { budgets: initialBudgets },
    staleTime: BUDGETS_REFRESH_MS,
    refetchInterval: BUDGETS_REFRESH_MS,
  });
  if (data.budgets.length === 0) return null;
  return (
    <section role="status" aria-label="Budget alerts" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <ul className="space-y-1">
        {data.budgets.map((budget) => (
          <li key={budget.id}>
            {budget.name} has passed {budget.alertPercent}%: {budgetStandText(budget)}.
          </li>
        ))}
      </ul>
      <Link href={isAdmin ? "/admin/budgets" : "/account"} className="mt-1 inline-block font-medium underline">
        {isAdmin ? "Prices and budgets" : "Your spending"}
      </Link>
    </section>
  );
}
