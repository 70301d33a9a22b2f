import { teamAuditPageQuerySchema } from "@/lib/audit/audit-schemas";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { listTeamAudit } from "@/lib/teams/team-audit";

// The team's audit log, for its owners (and site admins).
export const GET = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  return Response.json(await listTeamAudit(user, params.id, readQuery(request, teamAuditPageQuerySchema)));
}, { tokens: "refused" });
