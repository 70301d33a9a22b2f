// The admin's usage export: CSV (lib/csv), one line per day, user, team and model, so a
// spreadsheet can pivot it any way.
import { csvLine } from "@/lib/csv/csv-cells";
import type { UsageRowDto } from "./usage-dto";
import { NO_TEAM_LABEL, usageModelLabel } from "./usage-labels";

export const USAGE_CSV_HEADER = ["day", "user", "email", "team", "model", "tokens", "images", "video_seconds"] as const;

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
