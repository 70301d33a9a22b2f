import { listAllAccessTokens } from "@/lib/access-tokens/admin-tokens";
import { requireAdmin } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

export const GET = route(async () => {
  await requireAdmin();
  return Response.json({ tokens: await listAllAccessTokens() });
}, { tokens: "refused" });
