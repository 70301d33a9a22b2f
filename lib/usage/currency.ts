import "server-only";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The studio's one currency: every price, money budget and cost is in it. */
export async function studioCurrency(tx: Prisma.TransactionClient): Promise<string> {
  const row = await tx.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { currency: true } });
  return row?.currency ?? "USD";
}
