import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { acceptInvitation } from "@/lib/teams/my-invitations";

export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await acceptInvitation(user, params.id));
}, { tokens: "refused" });
