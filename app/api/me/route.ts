import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

export const GET = route(async () => {
  const user = await requireUser();
  return Response.json({ user });
});
