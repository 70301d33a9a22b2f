import Link from "next/link";
import type { BudgetStatusDto } from "@/lib/budgets/budget-schemas";
import { budgetStandText } from "./budget-line";

/** The shell's soft alert: the budgets past their alert threshold that concern the viewer (an admin: all of them). */
export function BudgetAlerts({ budgets, isAdmin }: { budgets: BudgetStatusDto[]; isAdmin: boolean }) {
  if (budgets.length === 0) return null;
  return (
    <section role="status" aria-label="Budget alerts" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <ul className="space-y-1">
        {budgets.map((budget) => (
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
