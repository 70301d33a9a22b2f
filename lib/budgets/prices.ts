import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { FREE, type UnitPrices } from "./budget-labels";

/** A model's prices now; a model the admin has not priced costs nothing. */
export async function pricesOf(tx: Prisma.TransactionClient, model: string): Promise<UnitPrices> {
  const row = await tx.modelPrice.findUnique({ where: { model }, select: { per1kTokensMicros: true, perImageMicros: true, perVideoSecondMicros: true } });
  return row ?? FREE;
}
