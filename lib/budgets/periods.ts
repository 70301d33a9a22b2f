import type { BudgetPeriod } from "./budget-labels";

/** The span a budget's spending is counted over: from `start`, up to `end` (null: no end). */
export type PeriodWindow = { start: Date; end: Date | null };

const DAY_MS = 86_400_000;

/**
 * The period of `period` that holds `now`, in UTC (the studio has one clock for everyone): a day from
 * 00:00, a week from Monday 00:00, a calendar month from its first day; "none" counts everything.
 */
export function periodWindow(period: BudgetPeriod, now: Date): PeriodWindow {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (period) {
    case "daily":
      return { start: new Date(day), end: new Date(day + DAY_MS) };
    case "weekly": {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      const start = day - sinceMonday * DAY_MS;
      return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
    }
    case "monthly":
      return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
    case "none":
      return { start: new Date(0), end: null };
  }
}
