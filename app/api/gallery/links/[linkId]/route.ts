import { requireUser } from "@/lib/auth/current-user";
import { revokeShareLink } from "@/lib/gallery/share-links";
import { route } from "@/lib/http/route";

export const DELETE = route<{ linkId: string }>(async (_request, { params }) => {
  const user = await requireUser();
  await revokeShareLink(user, params.linkId);
  return new Response(null, { status: 204 });
}, { tokens: "gallery:manage" });
