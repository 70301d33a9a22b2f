import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { declineInvitation } from "@/lib/teams/my-invitations";

export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  await declineInvitation(user, params.id);
  return new Response(null, { status: 204 });
}, { tokens: "refused" });
