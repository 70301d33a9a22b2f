import { requireAdmin } from "@/lib/auth/current-user";
import { revokeInvite } from "@/lib/auth/invites";
import { route } from "@/lib/http/route";

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const admin = await requireAdmin();
  await revokeInvite(admin, params.id);
  return new Response(null, { status: 204 });
}, { tokens: "refused" });
