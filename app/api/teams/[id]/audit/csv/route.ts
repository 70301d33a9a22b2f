import { teamAuditFiltersSchema } from "@/lib/audit/audit-schemas";
import { requireUser } from "@/lib/auth/current-user";
import { csvDownload } from "@/lib/csv/csv-download";
import { readQuery, route } from "@/lib/http/route";
import { teamAuditCsv } from "@/lib/teams/team-audit";

// The team's audit entries the filters keep, as a CSV download, for its owners (and site admins).
export const GET = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const filters = readQuery(request, teamAuditFiltersSchema);
  return csvDownload(await teamAuditCsv(user, params.id, filters), `team-audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
}, { tokens: "refused" });
