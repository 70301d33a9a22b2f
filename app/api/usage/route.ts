import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { ownUsage } from "@/lib/usage/read-usage";
import { usageQuerySchema } from "@/lib/usage/usage-schemas";

// Usage: the signed-in user's own usage; the query has no user filter to change that.
export const GET = route(async (request) => {
  const user = await requireUser();
  return Response.json(await ownUsage(user, readQuery(request, usageQuerySchema)));
}, { tokens: "read" });
