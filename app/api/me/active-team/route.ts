import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { setActiveTeam } from "@/lib/teams/active-team";
import { activeTeamSchema } from "@/lib/teams/team-schemas";

export const PUT = route(async (request) => {
  const user = await requireUser();
  const { teamId } = parseOrThrow(activeTeamSchema, await readJson(request));
  return Response.json(await setActiveTeam(user, teamId));
}, { tokens: "refused" });
