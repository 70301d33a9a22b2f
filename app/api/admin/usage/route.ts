import { requireAdmin } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { everyonesUsage, everyonesUsageCsv } from "@/lib/usage/read-usage";
import { adminUsageQuerySchema } from "@/lib/usage/usage-schemas";

// Usage: everyone's usage for site admins, as JSON for the page or as a CSV download.
export const GET = route(async (request) => {
  await requireAdmin();
  const query = readQuery(request, adminUsageQuerySchema);
  if (query.format === "json") return Response.json(await everyonesUsage(query));
  return new Response(await everyonesUsageCsv(query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="usage-${query.from}-to-${query.to}.csv"`,
    },
  });
}, { tokens: "refused" });
