import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { listTeamInvitations, sendTeamInvitation } from "@/lib/teams/team-invitations";
import { teamInvitationSchema } from "@/lib/teams/team-schemas";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ invitations: await listTeamInvitations(user, params.id) });
}, { tokens: "refused" });

export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(teamInvitationSchema, await readJson(request));
  return Response.json(await sendTeamInvitation(user, params.id, values), { status: 201 });
}, { tokens: "refused" });
