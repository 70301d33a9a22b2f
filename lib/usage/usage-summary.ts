// Turns the per-day, user, team and model rows into what the usage pages show: the table grouped
// one way, the range's totals, and every day of the range per model for the charts. Pure and
// browser-safe, so it is tested without a database.
import type { UsageDayDto, UsageGroupDto, UsageReportDto, UsageRowDto, UsageTotals } from "./usage-dto";
import { NO_TEAM_LABEL, USAGE_MODELS, usageModelLabel } from "./usage-labels";
import { addDays, USAGE_NO_TEAM, type UsageGroup } from "./usage-rules";

export function emptyTotals(): UsageTotals {
  return { tokens: 0, images: 0, videoSeconds: 0, amountMicros: 0 };
}

function addTo(totals: UsageTotals, row: UsageTotals): void {
  totals.tokens += row.tokens;
  totals.images += row.images;
  totals.videoSeconds = Math.round((totals.videoSeconds + row.videoSeconds) * 10) / 10;
  totals.amountMicros += row.amountMicros;
}

function groupOf(row: UsageRowDto, groupBy: UsageGroup): Omit<UsageGroupDto, keyof UsageTotals> {
  switch (groupBy) {
    case "day":
      return { key: row.day, label: row.day };
    case "user":
      return { key: row.userId, label: row.userName, detail: row.userEmail };
    case "team":
      return { key: row.teamId ?? USAGE_NO_TEAM, label: row.teamName ?? NO_TEAM_LABEL };
    case "model":
      return { key: row.model, label: usageModelLabel(row.model) };
  }
}

function modelOrder(model: string): number {
  const index = (USAGE_MODELS as readonly string[]).indexOf(model);
  return index === -1 ? USAGE_MODELS.length : index;
}

/** Days in calendar order; users, teams and models by most tokens, then by name. */
function compareGroups(groupBy: UsageGroup) {
  return (a: UsageGroupDto, b: UsageGroupDto) =>
    groupBy === "day" ? a.key.localeCompare(b.key) : b.tokens - a.tokens || b.images - a.images || b.videoSeconds - a.videoSeconds || a.label.localeCompare(b.label);
}

export function summarizeUsage(rows: UsageRowDto[], range: { from: string; to: string; groupBy: UsageGroup }, currency: string): UsageReportDto {
  const totals = emptyTotals();
  const groups = new Map<string, UsageGroupDto>();
  const days = new Map<string, UsageDayDto>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.set(day, { day, models: {} });
  for (const row of rows) {
    addTo(totals, row);
    const group = groupOf(row, range.groupBy);
    const line = groups.get(group.key) ?? { ...group, ...emptyTotals() };
    addTo(line, row);
    groups.set(group.key, line);
    const day = days.get(row.day);
    if (day) {
      day.models[row.model] ??= emptyTotals();
      addTo(day.models[row.model], row);
    }
  }
  const models = [...new Set(rows.map((row) => row.model))].sort((a, b) => modelOrder(a) - modelOrder(b) || a.localeCompare(b));
  return { currency, from: range.from, to: range.to, groupBy: range.groupBy, totals, groups: [...groups.values()].sort(compareGroups(range.groupBy)), days: [...days.values()], models };
}
