import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SpendSummaryDto } from "./budget-schemas";
import { studioCurrency } from "@/lib/usage/currency";
import { periodWindow } from "./periods";

/**
 * A person's or a team's spending this month, read from the ledger (settled charges and the
 * estimates of jobs still running), so deleting work never changes it.
 */
export async function spendThisMonth(whose: { userId: string } | { teamId: string }, now = new Date()): Promise<SpendSummaryDto> {
  const window = periodWindow("monthly", now);
  const where: Prisma.ChargeEntryWhereInput = { ...whose, at: { gte: window.start, lt: window.end! } };
  const [sums, currency] = await Promise.all([db.chargeEntry.aggregate({ where, _sum: { amountMicros: true, tokens: true, images: true, videoSeconds: true } }), studioCurrency(db)]);
  return {
    from: window.start.toISOString(),
    amountMicros: Number(sums._sum.amountMicros ?? 0),
    tokens: Number(sums._sum.tokens ?? 0),
    images: sums._sum.images ?? 0,
    videoSeconds: sums._sum.videoSeconds ?? 0,
    currency,
  };
}
