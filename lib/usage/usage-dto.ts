// What the usage routes answer. Browser-safe types only.
import type { UsageGroup } from "./usage-rules";

/** What was used: gateway tokens, images made, seconds of finished video, and what it cost in micros of the currency. */
export type UsageTotals = { tokens: number; images: number; videoSeconds: number; amountMicros: number };

/** One user's usage of one model, counted to one team, on one UTC day. */
export type UsageRowDto = UsageTotals & {
  day: string;
  userId: string;
  userName: string;
  userEmail: string;
  /** Null: made without a team (see NO_TEAM_LABEL). */
  teamId: string | null;
  teamName: string | null;
  model: string;
};

/** A line of the table: the rows of one day, user, team or model, added up. */
export type UsageGroupDto = UsageTotals & {
  key: string;
  label: string;
  /** A second line for the label: the user's email. */
  detail?: string;
};

/** A day of the range (every day, used or not) with its usage per model key: the charts' bars. */
export type UsageDayDto = { day: string; models: Record<string, UsageTotals> };

export type UsageReportDto = {
  /** The studio's currency (ISO 4217), which every amount is in. */
  currency: string;
  from: string;
  to: string;
  groupBy: UsageGroup;
  totals: UsageTotals;
  groups: UsageGroupDto[];
  days: UsageDayDto[];
  /** The model keys that have usage in the range, in the order of USAGE_MODELS. */
  models: string[];
};
