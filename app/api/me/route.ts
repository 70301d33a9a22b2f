import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

export const GET = route(async () => {
  const { id, email, name, role, teamIds } = await requireUser();
  return Response.json({ user: { id, email, name, role, teamIds } });
}, { tokens: "read" });
