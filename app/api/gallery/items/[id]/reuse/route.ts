import { requireUser } from "@/lib/auth/current-user";
import { reuseItem } from "@/lib/gallery/reuse-item";
import { route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await reuseItem(user, params.id));
}, { tokens: "read" });
