import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { BUDGET_PERIOD_LABELS, formatMetric, formatResetAt } from "./budget-labels";
import type { BudgetRow } from "./applicable-budgets";
import type { PeriodWindow } from "./periods";

/**
 * A budget's name as the person it binds reads it: "Your budget", "Your budget in team Design",
 * "The budget of team Design", "The studio's budget", or another person's by their name.
 */
export async function budgetName(tx: Prisma.TransactionClient, budget: Pick<BudgetRow, "scope" | "teamId" | "userId">, readerId: string | null): Promise<string> {
  const team = budget.teamId ? await tx.team.findUnique({ where: { id: budget.teamId }, select: { name: true } }) : null;
  const person = budget.userId && budget.userId !== readerId ? await tx.user.findUnique({ where: { id: budget.userId }, select: { name: true } }) : null;
  const whose = budget.userId === readerId ? "Your budget" : `The budget of ${person?.name ?? "a former user"}`;
  switch (budget.scope) {
    case "studio":
      return "The studio's budget";
    case "team":
      return `The budget of team ${team?.name ?? "(deleted)"}`;
    case "team_member":
      return `${whose} in team ${team?.name ?? "(deleted)"}`;
    case "person":
      return whose;
  }
}

/** "7 images, weekly": a budget's limit and period. */
export function limitText(budget: Pick<BudgetRow, "metric" | "period" | "limit">, currency: string): string {
  return `${formatMetric(budget.metric, budget.limit, currency)}, ${BUDGET_PERIOD_LABELS[budget.period].toLowerCase()}`;
}

/** The refusal of a start that does not fit: which budget, what is left, and when it resets. */
export function exceededMessage(name: string, budget: Pick<BudgetRow, "metric" | "period" | "limit">, spent: number, window: PeriodWindow, currency: string): string {
  const left = Math.max(0, budget.limit - spent);
  return `${name} (${limitText(budget, currency)}) has ${formatMetric(budget.metric, left, currency)} left, not enough for this job; ${resetText(window)}.`;
}

/** "it resets at 2026-11-30 00:00 UTC", or that it never does. */
export function resetText(window: PeriodWindow): string {
  return window.end ? `it resets at ${formatResetAt(window.end)}` : "it has no period, so it does not reset";
}
