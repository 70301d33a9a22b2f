import { requireAdmin } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/list-users";
import { route } from "@/lib/http/route";

export const GET = route(async () => {
  await requireAdmin();
  return Response.json({ users: await listUsers() });
}, { tokens: "refused" });
