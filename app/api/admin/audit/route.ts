import { auditPageQuerySchema } from "@/lib/audit/audit-schemas";
import { listAuditEntries } from "@/lib/audit/list-audit";
import { requireAdmin } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";

// The whole audit log, for site admins: a page of entries, newest first, narrowed by the filters.
export const GET = route(async (request) => {
  await requireAdmin();
  return Response.json(await listAuditEntries(readQuery(request, auditPageQuerySchema)));
}, { tokens: "refused" });
