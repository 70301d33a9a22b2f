import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { listMyInvitations } from "@/lib/teams/my-invitations";

export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ invitations: await listMyInvitations(user) });
}, { tokens: "refused" });
