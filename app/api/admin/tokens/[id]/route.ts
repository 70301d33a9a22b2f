import { revokeAnyAccessToken } from "@/lib/access-tokens/admin-tokens";
import { requireAdmin } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const admin = await requireAdmin();
  return Response.json({ token: await revokeAnyAccessToken(admin, params.id) });
}, { tokens: "refused" });
