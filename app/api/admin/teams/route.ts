import { requireAdmin } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { listAllTeams } from "@/lib/teams/teams";

export const GET = route(async () => {
  const admin = await requireAdmin();
  return Response.json({ teams: await listAllTeams(admin) });
}, { tokens: "refused" });
