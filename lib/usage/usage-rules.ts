// The usage pages' ranges, groupings and day arithmetic, kept apart from the query's zod schemas
// (usage-schemas.ts, which use them) so that a page showing them does not load zod with its first paint.

/** The range shown when the query names none: the last 30 days, today included. */
export const USAGE_DEFAULT_DAYS = 30;
/** The longest range one query may span, both ends included: a leap year. */
export const USAGE_MAX_DAYS = 366;

export const USAGE_GROUPS = ["day", "user", "team", "model"] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** The `teamId` filter's value for work made without a team. */
export const USAGE_NO_TEAM = "none";

export const USAGE_FORMATS = ["json", "csv"] as const;

const DAY_MS = 86_400_000;

/** A UTC calendar day as YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** How many days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
