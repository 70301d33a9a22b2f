// Prices and budgets as the admin area sets them and the pages show them: one rule for the browser's
// forms and the server's routes. Browser-safe.
import { z } from "zod";
import { MICROS_PER_UNIT } from "@/lib/usage/money";
import { USAGE_MODELS } from "@/lib/usage/usage-labels";
import { BUDGET_METRICS, BUDGET_PERIODS, BUDGET_SCOPES, DEFAULT_ALERT_PERCENT, type BudgetMetric, type BudgetPeriod, type BudgetScope } from "./budget-labels";

/** The highest price of one unit an admin may set, in the currency: far above any real price, and exact in micros. */
export const MAX_UNIT_PRICE = 1000;
/** The highest budget limit, in the metric's unit (or the currency): still an exact number in micros. */
export const MAX_BUDGET_LIMIT = 1e9;

const price = z
  .number({ error: "must be a number" })
  .min(0, "must be at least 0")
  .max(MAX_UNIT_PRICE, `must be at most ${MAX_UNIT_PRICE}`);

/** PUT /api/admin/prices: one model's prices in the currency, per 1,000 tokens, per image and per video second. */
export const modelPriceSchema = z.strictObject({
  model: z.enum(USAGE_MODELS, { error: `must be one of ${USAGE_MODELS.join(", ")}` }),
  per1kTokens: price,
  perImage: price,
  perVideoSecond: price,
});
export type ModelPriceValues = z.infer<typeof modelPriceSchema>;

/** PUT /api/admin/currency: the one currency every price, money budget and cost is in. */
export const currencySchema = z.strictObject({
  currency: z
    .string({ error: "must be a currency code" })
    .regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code of three capital letters, such as EUR", abort: true })
    .refine((code) => Intl.supportedValuesOf("currency").includes(code), "must be a currency this studio knows (ISO 4217)"),
});

/** POST /api/admin/budgets: sets the budget of one metric for one target (replacing one already set). */
export const budgetSchema = z
  .strictObject({
    scope: z.enum(BUDGET_SCOPES, { error: `must be one of ${BUDGET_SCOPES.join(", ")}` }),
    teamId: z.uuid("must be a team's id").nullable().default(null),
    userId: z.uuid("must be a person's id").nullable().default(null),
    metric: z.enum(BUDGET_METRICS, { error: `must be one of ${BUDGET_METRICS.join(", ")}` }),
    period: z.enum(BUDGET_PERIODS, { error: `must be one of ${BUDGET_PERIODS.join(", ")}` }),
    /** In the currency for money, else in the metric's unit. */
    limit: z.number({ error: "must be a number" }).min(0, "must be at least 0").max(MAX_BUDGET_LIMIT, `must be at most ${MAX_BUDGET_LIMIT}`),
    alertPercent: z.number({ error: "must be a whole percent" }).int("must be a whole percent").min(1, "must be at least 1").max(100, "must be at most 100").default(DEFAULT_ALERT_PERCENT),
  })
  .superRefine((budget, context) => {
    const needsTeam = budget.scope === "team" || budget.scope === "team_member";
    const needsUser = budget.scope === "person" || budget.scope === "team_member";
    if (needsTeam !== (budget.teamId !== null)) context.addIssue({ code: "custom", path: ["teamId"], message: needsTeam ? `is required for a ${budget.scope} budget` : `must be null for a ${budget.scope} budget` });
    if (needsUser !== (budget.userId !== null)) context.addIssue({ code: "custom", path: ["userId"], message: needsUser ? `is required for a ${budget.scope} budget` : `must be null for a ${budget.scope} budget` });
    if ((budget.metric === "tokens" || budget.metric === "images") && !Number.isInteger(budget.limit)) context.addIssue({ code: "custom", path: ["limit"], message: `must be a whole number of ${budget.metric}` });
  });
export type BudgetValues = z.output<typeof budgetSchema>;

/** A budget's limit as stored: money in micros of the currency, anything else as typed. */
export function storedLimit(metric: BudgetMetric, limit: number): number {
  return metric === "money" ? Math.round(limit * MICROS_PER_UNIT) : limit;
}

/** A model's prices as the admin page shows them, in the currency. */
export type ModelPriceDto = { model: string; label: string; per1kTokens: number; perImage: number; perVideoSecond: number };

/**
 * A budget and where it stands in its current period: `limit`, `spent` and `remaining` in its
 * metric's stored unit (micros for money), `resetsAt` null when it has no period.
 */
export type BudgetStatusDto = {
  id: string;
  name: string;
  scope: BudgetScope;
  teamId: string | null;
  userId: string | null;
  metric: BudgetMetric;
  period: BudgetPeriod;
  limit: number;
  spent: number;
  remaining: number;
  alertPercent: number;
  alerting: boolean;
  resetsAt: string | null;
  currency: string;
};

/** What was spent this calendar month (UTC), from the charge ledger: money in micros, and units. */
export type SpendSummaryDto = { from: string; amountMicros: number; tokens: number; images: number; videoSeconds: number; currency: string };
