import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { USAGE_MODELS, usageModelLabel } from "@/lib/usage/usage-labels";
import { MICROS_PER_UNIT } from "@/lib/usage/money";
import { storedLimit, type BudgetValues, type ModelPriceDto, type ModelPriceValues } from "./budget-schemas";

const toMicros = (value: number) => Math.round(value * MICROS_PER_UNIT);

/** Every model the studio uses, with its prices (0 until an admin sets them). */
export async function listModelPrices(): Promise<ModelPriceDto[]> {
  const rows = new Map((await db.modelPrice.findMany()).map((row) => [row.model, row]));
  return USAGE_MODELS.map((model) => {
    const row = rows.get(model);
    return {
      model,
      label: usageModelLabel(model),
      per1kTokens: (row?.per1kTokensMicros ?? 0) / MICROS_PER_UNIT,
      perImage: (row?.perImageMicros ?? 0) / MICROS_PER_UNIT,
      perVideoSecond: (row?.perVideoSecondMicros ?? 0) / MICROS_PER_UNIT,
    };
  });
}

/** A site admin sets a model's prices; jobs that start from now on are reckoned at them. */
export async function setModelPrice(admin: CurrentUser, values: ModelPriceValues): Promise<ModelPriceDto> {
  const prices = { per1kTokensMicros: toMicros(values.per1kTokens), perImageMicros: toMicros(values.perImage), perVideoSecondMicros: toMicros(values.perVideoSecond) };
  await db.$transaction(async (tx) => {
    await tx.modelPrice.upsert({ where: { model: values.model }, create: { model: values.model, ...prices }, update: prices });
    await recordAudit(tx, { actor: admin, action: "budget.price_set", target: values.model, details: { ...values } });
  });
  return { ...values, label: usageModelLabel(values.model) };
}

/**
 * A site admin sets the budget of one metric for one target (the studio, a team, a member within a
 * team, or a person), replacing the one already set; it binds from the next start.
 */
export async function setBudget(admin: CurrentUser, values: BudgetValues): Promise<{ id: string }> {
  const key = [values.scope, values.teamId ?? "", values.userId ?? "", values.metric].join(":");
  const data = { ...values, limit: storedLimit(values.metric, values.limit) };
  return db.$transaction(async (tx) => {
    if (values.teamId && !(await tx.team.findUnique({ where: { id: values.teamId }, select: { id: true } }))) throw notFound("teamId", "team");
    if (values.userId && !(await tx.user.findUnique({ where: { id: values.userId }, select: { id: true } }))) throw notFound("userId", "person");
    const budget = await tx.budget.upsert({ where: { key }, create: { key, ...data }, update: data, select: { id: true } });
    await recordAudit(tx, { actor: admin, action: "budget.set", target: budget.id, teamId: values.teamId, details: { ...values } });
    return budget;
  });
}

/** A site admin removes a budget: nothing binds in its place. */
export async function deleteBudget(admin: CurrentUser, budgetId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const budget = await tx.budget.findUnique({ where: { id: budgetId } });
    if (!budget) throw new AppError("not_found", "No budget with this id", [{ field: "id", message: "must be the id of a budget" }]);
    await tx.budget.delete({ where: { id: budgetId } });
    const { scope, teamId, userId, metric, period, limit } = budget;
    await recordAudit(tx, { actor: admin, action: "budget.deleted", target: budgetId, teamId, details: { scope, teamId, userId, metric, period, limit } });
  });
}

function notFound(field: string, what: string): AppError {
  return new AppError("not_found", `No ${what} with this id`, [{ field, message: `must be the id of a ${what}` }]);
}
