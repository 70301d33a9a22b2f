import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { joinTeamWithInvite } from "@/lib/teams/team-invites";
import { joinTeamSchema } from "@/lib/teams/team-schemas";

export const POST = route(async (request) => {
  const user = await requireUser();
  const { token } = parseOrThrow(joinTeamSchema, await readJson(request));
  return Response.json(await joinTeamWithInvite(user, token));
}, { tokens: "refused" });
