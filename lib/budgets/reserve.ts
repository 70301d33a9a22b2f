import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { costMicros } from "./budget-labels";
import { lockApplicableBudgets, type Spender } from "./applicable-budgets";
import { studioCurrency } from "@/lib/usage/currency";
import { budgetName, exceededMessage } from "./describe-budget";
import { estimateUnits, type AskedUnits } from "./estimate";
import { periodWindow } from "./periods";
import { pricesOf } from "./prices";
import { metricOf, spentAgainst } from "./spending";

/**
 * What a starting job is charged to: who started it, the team active then, the model whose prices
 * apply, and what it asks for. `at` is when it started, the moment whose periods it counts in.
 */
export type JobCharge = Spender & { jobId: string; model: string; at: Date; asked: AskedUnits };

/**
 * Reserves a starting job's estimated cost against every budget that binds it, in the transaction
 * that records the job: each budget's row stays locked until that transaction ends, so concurrent
 * starts (two tabs, a script, several studio processes) count each other's reservations and can
 * never together pass a limit. A start that does not fit is refused (429 `budget_exceeded`, naming
 * the budget, what is left and when it resets) and nothing of it is recorded.
 */
export async function reserveJobCost(tx: Prisma.TransactionClient, charge: JobCharge): Promise<void> {
  const prices = await pricesOf(tx, charge.model);
  const units = await estimateUnits(tx, charge.model, charge.asked);
  const entry = { kind: "reservation" as const, at: charge.at, jobId: charge.jobId, userId: charge.userId, teamId: charge.teamId, model: charge.model, ...units, ...prices, amountMicros: costMicros(units, prices) };
  for (const budget of await lockApplicableBudgets(tx, charge)) {
    const adding = metricOf(budget.metric, entry);
    if (adding <= 0) continue;
    const window = periodWindow(budget.period, charge.at);
    const spent = await spentAgainst(tx, budget, window);
    if (spent + adding > budget.limit) {
      const message = exceededMessage(await budgetName(tx, budget, charge.userId), budget, spent, window, await studioCurrency(tx));
      throw new AppError("budget_exceeded", message);
    }
  }
  await tx.chargeEntry.create({ data: { ...entry, tokens: BigInt(entry.tokens), amountMicros: BigInt(entry.amountMicros) } });
}
