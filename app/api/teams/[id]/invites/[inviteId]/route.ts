import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { revokeTeamInvite } from "@/lib/teams/team-invites";

export const DELETE = route<{ id: string; inviteId: string }>(async (_request, { params }) => {
  const user = await requireUser();
  await revokeTeamInvite(user, params.id, params.inviteId);
  return new Response(null, { status: 204 });
}, { tokens: "refused" });
