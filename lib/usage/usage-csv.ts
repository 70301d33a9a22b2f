// The admin's usage export: CSV (lib/csv), one line per day, user, team and model, so a
// spreadsheet can pivot it any way.
import { MICROS_PER_UNIT } from "./money";
import { csvLine } from "@/lib/csv/csv-cells";
import type { UsageRowDto } from "./usage-dto";
import { NO_TEAM_LABEL, usageModelLabel } from "./usage-labels";

export const USAGE_CSV_HEADER = ["day", "user", "email", "team", "model", "tokens", "images", "video_seconds", "amount", "currency"] as const;

/** An amount in micros as a plain decimal a spreadsheet reads as a number: "12.5", "0.000001". */
export function csvAmount(micros: number): string {
  return String(micros / MICROS_PER_UNIT);
}

export function usageCsvLine(row: UsageRowDto, currency: string): string {
  const { day, userName, userEmail, teamName, model, tokens, images, videoSeconds, amountMicros } = row;
  return csvLine([day, userName, userEmail, teamName ?? NO_TEAM_LABEL, usageModelLabel(model), String(tokens), String(images), String(videoSeconds), csvAmount(amountMicros), currency]);
}

/** The export as a stream of lines, header first, so a long range is never one big string. */
export function usageCsvStream(rows: UsageRowDto[], currency: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = -1;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(encoder.encode(next === -1 ? csvLine(USAGE_CSV_HEADER) : usageCsvLine(rows[next], currency)));
      next += 1;
      if (next === rows.length) controller.close();
    },
  });
}
