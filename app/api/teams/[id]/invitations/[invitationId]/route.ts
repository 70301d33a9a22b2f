import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { withdrawTeamInvitation } from "@/lib/teams/team-invitations";

export const DELETE = route<{ id: string; invitationId: string }>(async (_request, { params }) => {
  const user = await requireUser();
  await withdrawTeamInvitation(user, params.id, params.invitationId);
  return new Response(null, { status: 204 });
}, { tokens: "refused" });
