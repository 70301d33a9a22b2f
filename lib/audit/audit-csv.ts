import "server-only";
import { csvLine } from "@/lib/csv/csv-cells";
import { auditActionLabel } from "./actions";
import { AUDIT_CSV_HEADER, type AuditEntryDto } from "./audit-rules";
import type { AuditFilters } from "./audit-schemas";
import { auditRows, toAuditEntries } from "./list-audit";

/** Rows read per database query while the export streams. */
const CSV_BATCH = 500;

export function auditCsvLine(entry: AuditEntryDto): string {
  return csvLine([
    entry.createdAt,
    entry.action,
    auditActionLabel(entry.action),
    entry.actor?.name ?? "",
    entry.actor?.email ?? "",
    entry.actor?.id ?? "",
    entry.target ?? "",
    entry.team?.name ?? "",
    entry.team?.id ?? "",
    entry.details === null || entry.details === undefined ? "" : JSON.stringify(entry.details),
  ]);
}

/**
 * Every entry the filters keep, newest first, as CSV read a batch at a time while the download
 * goes, so a long log is never held in memory at once. The caller has authorized the scope.
 */
export function auditCsvStream(filters: AuditFilters, scope: { teamId?: string } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(AUDIT_CSV_HEADER)));
        return;
      }
      const rows = await auditRows(filters, scope, after, CSV_BATCH);
      if (rows.length) controller.enqueue(encoder.encode((await toAuditEntries(rows)).map(auditCsvLine).join("")));
      if (rows.length < CSV_BATCH) controller.close();
      else after = rows.at(-1)!;
    },
  });
}
