import { requireUser } from "@/lib/auth/current-user";
import { studioOrigin } from "@/lib/auth/origin";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { createTeamInvite, listTeamInvites, teamInviteLink } from "@/lib/teams/team-invites";
import { createInviteSchema } from "@/lib/auth/schemas";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ invites: await listTeamInvites(user, params.id) });
}, { tokens: "refused" });

// The link (and so the token) is in this answer only: the studio keeps just its hash.
export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(createInviteSchema, await readJson(request));
  const { invite, token } = await createTeamInvite(user, params.id, values);
  return Response.json({ invite, link: teamInviteLink(studioOrigin(request.headers), token) }, { status: 201, headers: { "Cache-Control": "no-store" } });
}, { tokens: "refused" });
