import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { teamNameBodySchema } from "@/lib/teams/team-schemas";
import { renameTeam, teamDetail } from "@/lib/teams/teams";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ team: await teamDetail(user, params.id) });
}, { tokens: "read" });

export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(teamNameBodySchema, await readJson(request));
  return Response.json({ team: await renameTeam(user, params.id, values) });
}, { tokens: "refused" });
