import { auditCsvStream } from "@/lib/audit/audit-csv";
import { auditFiltersSchema } from "@/lib/audit/audit-schemas";
import { requireAdmin } from "@/lib/auth/current-user";
import { csvDownload } from "@/lib/csv/csv-download";
import { readQuery, route } from "@/lib/http/route";

// Every entry the filters keep, as a CSV download, for site admins.
export const GET = route(async (request) => {
  await requireAdmin();
  const filters = readQuery(request, auditFiltersSchema);
  return csvDownload(auditCsvStream(filters), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}, { tokens: "refused" });
