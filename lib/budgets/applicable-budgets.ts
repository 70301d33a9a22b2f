import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BudgetMetric, BudgetPeriod, BudgetScope } from "./budget-labels";

export type BudgetRow = { id: string; scope: BudgetScope; teamId: string | null; userId: string | null; metric: BudgetMetric; period: BudgetPeriod; limit: number; alertPercent: number };

/** Whose spending a charge counts toward: the person who started the job and the team active then. */
export type Spender = { userId: string; teamId: string | null };

/** The budgets that bind `spender`'s work, in id order, read without locking (for pages). */
export function applicableBudgets(tx: Prisma.TransactionClient, spender: Spender): Promise<BudgetRow[]> {
  return tx.budget.findMany({ where: { OR: applicableWhere(spender) }, orderBy: { id: "asc" }, select: budgetSelect });
}

/**
 * The same budgets, each row locked until the transaction ends: every start that reserves against one
 * of them, on any studio process, waits here for the one before it to commit, and then counts what
 * it reserved. Locked in id order, so two starts never wait on each other in a circle.
 */
export function lockApplicableBudgets(tx: Prisma.TransactionClient, spender: Spender): Promise<BudgetRow[]> {
  return tx.$queryRaw<BudgetRow[]>`
    SELECT "id", "scope"::text AS "scope", "teamId", "userId", "metric"::text AS "metric", "period"::text AS "period", "limit", "alertPercent"
    FROM "Budget"
    WHERE "scope" = 'studio'
       OR ("scope" = 'team' AND "teamId" = ${spender.teamId}::text)
       OR ("scope" = 'team_member' AND "teamId" = ${spender.teamId}::text AND "userId" = ${spender.userId}::text)
       OR ("scope" = 'person' AND "userId" = ${spender.userId}::text)
    ORDER BY "id"
    FOR UPDATE`;
}

export const budgetSelect = { id: true, scope: true, teamId: true, userId: true, metric: true, period: true, limit: true, alertPercent: true } as const;

function applicableWhere({ userId, teamId }: Spender): Prisma.BudgetWhereInput[] {
  return [{ scope: "studio" }, { scope: "person", userId }, ...(teamId ? [{ scope: "team" as const, teamId }, { scope: "team_member" as const, teamId, userId }] : [])];
}
