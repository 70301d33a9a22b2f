// The admin's usage export (issue 12 "Usage"): RFC 4180 CSV, one line per day, user, team and model.
// A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return that hides
// one) gets a leading apostrophe first (OWASP "CSV injection"), so a user's or team's name cannot run.
import type { UsageRowDto } from "./usage-dto";
import { NO_TEAM_LABEL, usageModelLabel } from "./usage-labels";

export const USAGE_CSV_HEADER = ["day", "user", "email", "team", "model", "tokens", "images", "video_seconds"] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell: defused, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function usageCsvLine(row: UsageRowDto): string {
  return csvLine([row.day, row.userName, row.userEmail, row.teamName ?? NO_TEAM_LABEL, usageModelLabel(row.model), String(row.tokens), String(row.images), String(row.videoSeconds)]);
}

/** The export as a stream of lines, header first, so a long range is never one big string. */
export function usageCsvStream(rows: UsageRowDto[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(encoder.encode(next === -1 ? csvLine(USAGE_CSV_HEADER) : usageCsvLine(rows[next])));
      next += 1;
      if (next === rows.length) controller.close();
    },
  });
}
