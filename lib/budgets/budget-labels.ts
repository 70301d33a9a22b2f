// The words and units of budgets and prices, shared by the server (refusals, notices) and the
// browser (the admin's forms, the account page). Amounts of money are kept in micros (millionths) of
// the studio's one currency, so sums stay exact.
import { MICROS_PER_UNIT } from "@/lib/usage/money";

export const BUDGET_SCOPES = ["studio", "team", "team_member", "person"] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

export const BUDGET_PERIODS = ["daily", "weekly", "monthly", "none"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const BUDGET_METRICS = ["money", "tokens", "images", "video_seconds"] as const;
export type BudgetMetric = (typeof BUDGET_METRICS)[number];

export const BUDGET_SCOPE_LABELS: Record<BudgetScope, string> = { studio: "Whole studio", team: "Team", team_member: "Member within a team", person: "Person" };
export const BUDGET_PERIOD_LABELS: Record<BudgetPeriod, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly", none: "No period" };
export const BUDGET_METRIC_LABELS: Record<BudgetMetric, string> = { money: "Money", tokens: "Tokens", images: "Images", video_seconds: "Video seconds" };

/** The soft alert's threshold when the admin names none. */
export const DEFAULT_ALERT_PERCENT = 80;

/** The units of work a job uses (or is expected to). */
export type WorkUnits = { tokens: number; images: number; videoSeconds: number };

/** A model's prices, in micros of the currency per 1,000 tokens, per image and per video second. */
export type UnitPrices = { per1kTokensMicros: number; perImageMicros: number; perVideoSecondMicros: number };

export const FREE: UnitPrices = { per1kTokensMicros: 0, perImageMicros: 0, perVideoSecondMicros: 0 };

/** What `units` cost at `prices`, in micros, rounded to the micro. */
export function costMicros(units: WorkUnits, prices: UnitPrices): number {
  return Math.round((units.tokens / 1000) * prices.per1kTokensMicros + units.images * prices.perImageMicros + units.videoSeconds * prices.perVideoSecondMicros);
}

/** An amount of money as people read it: "USD 12.50". */
export function formatMoney(micros: number, currency: string): string {
  const value = micros / MICROS_PER_UNIT;
  return `${currency} ${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
}

/** A quantity of a budget's metric as people read it: "USD 3.00", "1,200 tokens", "7 images", "12.5 video seconds". */
export function formatMetric(metric: BudgetMetric, value: number, currency: string): string {
  switch (metric) {
    case "money":
      return formatMoney(value, currency);
    case "tokens":
      return `${Math.round(value).toLocaleString("en-US")} tokens`;
    case "images":
      return `${value.toLocaleString("en-US")} ${value === 1 ? "image" : "images"}`;
    case "video_seconds":
      return `${(Math.round(value * 10) / 10).toLocaleString("en-US")} video ${value === 1 ? "second" : "seconds"}`;
  }
}

/** When a period ends, as the refusal and the pages say it: "2026-11-30 00:00 UTC". */
export function formatResetAt(resetAt: Date): string {
  return `${resetAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
