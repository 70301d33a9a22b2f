import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { applicableBudgets, budgetSelect, type BudgetRow, type Spender } from "./applicable-budgets";
import type { BudgetStatusDto } from "./budget-schemas";
import { studioCurrency } from "@/lib/usage/currency";
import { budgetName } from "./describe-budget";
import { periodWindow } from "./periods";
import { spentAgainst } from "./spending";

/** Where each budget stands now, named as `readerId` reads it (null: as an admin, by names only). */
export async function budgetStatuses(rows: BudgetRow[], readerId: string | null, now = new Date(), client: Prisma.TransactionClient = db): Promise<BudgetStatusDto[]> {
  const currency = await studioCurrency(client);
  return Promise.all(
    rows.map(async (budget) => {
      const window = periodWindow(budget.period, now);
      const spent = await spentAgainst(client, budget, window);
      return {
        id: budget.id,
        name: await budgetName(client, budget, readerId),
        scope: budget.scope,
        teamId: budget.teamId,
        userId: budget.userId,
        metric: budget.metric,
        period: budget.period,
        limit: budget.limit,
        spent,
        remaining: Math.max(0, budget.limit - spent),
        alertPercent: budget.alertPercent,
        alerting: spent >= (budget.limit * budget.alertPercent) / 100,
        resetsAt: window.end?.toISOString() ?? null,
        currency,
      };
    }),
  );
}

/** The budgets that bind a person's next start in their active team, and what is left of each. */
export async function myBudgets(spender: Spender, now = new Date()): Promise<BudgetStatusDto[]> {
  return budgetStatuses(await applicableBudgets(db, spender), spender.userId, now);
}

/** A team's own budgets and those of its members within it, for its owners. */
export async function teamBudgets(teamId: string, now = new Date()): Promise<BudgetStatusDto[]> {
  const rows = await db.budget.findMany({ where: { teamId }, orderBy: { createdAt: "asc" }, select: budgetSelect });
  return budgetStatuses(rows, null, now);
}

/** Every budget, for the admin area. */
export async function allBudgets(now = new Date()): Promise<BudgetStatusDto[]> {
  const rows = await db.budget.findMany({ orderBy: [{ scope: "asc" }, { createdAt: "asc" }], select: budgetSelect });
  return budgetStatuses(rows, null, now);
}

/**
 * The budgets past their alert threshold that concern `user`: those that bind their next start, or
 * every one for an admin, who watches them all.
 */
export async function budgetAlertsFor(user: { id: string; role: string; activeTeamId: string | null }, now = new Date()): Promise<BudgetStatusDto[]> {
  const budgets = user.role === "admin" ? await allBudgets(now) : await myBudgets({ userId: user.id, teamId: user.activeTeamId }, now);
  return budgets.filter((budget) => budget.alerting);
}
