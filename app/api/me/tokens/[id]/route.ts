import { revokeOwnAccessToken } from "@/lib/access-tokens/manage-tokens";
import { requireSessionUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireSessionUser();
  return Response.json({ token: await revokeOwnAccessToken(user, params.id) });
}, { tokens: "refused" });
