import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { studioCurrency } from "@/lib/usage/currency";

/**
 * A site admin names the studio's currency. The ledger keeps amounts, not currencies, so once money
 * has been charged the currency stays: changing it would silently relabel what was spent (and money
 * budgets would add amounts of two currencies). Prices and money budgets keep their numbers.
 */
export async function setStudioCurrency(admin: CurrentUser, currency: string): Promise<{ currency: string }> {
  return db.$transaction(async (tx) => {
    // Locks the settings row, so two admins' changes are made one after the other.
    await tx.$executeRaw`SELECT 1 FROM "SiteSettings" WHERE id = ${SETTINGS_ID} FOR UPDATE`;
    const current = await studioCurrency(tx);
    if (current === currency) return { currency };
    const charged = await chargesWithMoney(tx);
    if (charged > 0) {
      throw new AppError("conflict", `The currency stays ${current}: money has already been charged in it`, [
        { field: "currency", message: `must stay ${current}: ${charged} ${charged === 1 ? "charge was" : "charges were"} reckoned in it` },
      ]);
    }
    await tx.siteSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, currency }, update: { currency } });
    await recordAudit(tx, { actor: admin, action: "budget.currency_set", details: { from: current, to: currency } });
    return { currency };
  });
}

/** How many charges cost money: while there are none, the currency may still change. */
export function chargesWithMoney(client: Prisma.TransactionClient = db): Promise<number> {
  return client.chargeEntry.count({ where: { kind: "charge", amountMicros: { not: 0 } } });
}
