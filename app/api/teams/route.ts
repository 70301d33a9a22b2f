import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { teamNameBodySchema } from "@/lib/teams/team-schemas";
import { createTeam, listMyTeams } from "@/lib/teams/teams";

export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ teams: await listMyTeams(user) });
}, { tokens: "read" });

export const POST = route(async (request) => {
  const user = await requireUser();
  const values = parseOrThrow(teamNameBodySchema, await readJson(request));
  return Response.json({ team: await createTeam(user, values) }, { status: 201 });
}, { tokens: "refused" });
