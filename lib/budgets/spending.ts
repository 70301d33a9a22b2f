import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BudgetMetric } from "./budget-labels";
import type { BudgetRow } from "./applicable-budgets";
import type { PeriodWindow } from "./periods";

/**
 * What the ledger holds against a budget in one period, in its metric: settled charges, and the
 * estimates of jobs still running (a release takes a reservation back out when its job ends).
 */
export async function spentAgainst(tx: Prisma.TransactionClient, budget: Pick<BudgetRow, "scope" | "teamId" | "userId" | "metric">, window: PeriodWindow): Promise<number> {
  const where: Prisma.ChargeEntryWhereInput = { at: { gte: window.start, ...(window.end && { lt: window.end }) }, ...whoseCharges(budget) };
  const sums = await tx.chargeEntry.aggregate({ where, _sum: { amountMicros: true, tokens: true, images: true, videoSeconds: true } });
  return metricOf(budget.metric, sums._sum);
}

function whoseCharges(budget: Pick<BudgetRow, "scope" | "teamId" | "userId">): Prisma.ChargeEntryWhereInput {
  switch (budget.scope) {
    case "studio":
      return {};
    case "team":
      return { teamId: budget.teamId };
    case "team_member":
      return { teamId: budget.teamId, userId: budget.userId! };
    case "person":
      return { userId: budget.userId! };
  }
}

type Quantities = { amountMicros: bigint | number | null; tokens: bigint | number | null; images: number | null; videoSeconds: number | null };

/** The quantity of a ledger row (or a sum of rows) that a budget of `metric` counts. */
export function metricOf(metric: BudgetMetric, quantities: Quantities): number {
  switch (metric) {
    case "money":
      return Number(quantities.amountMicros ?? 0);
    case "tokens":
      return Number(quantities.tokens ?? 0);
    case "images":
      return quantities.images ?? 0;
    case "video_seconds":
      return quantities.videoSeconds ?? 0;
  }
}
