import { requireAdmin } from "@/lib/auth/current-user";
import { listAllShareLinks } from "@/lib/gallery/admin-share-links";
import { adminShareLinksQuerySchema } from "@/lib/gallery/share-link-schemas";
import { readQuery, route } from "@/lib/http/route";

export const GET = route(async (request) => {
  await requireAdmin();
  return Response.json(await listAllShareLinks(readQuery(request, adminShareLinksQuerySchema)));
}, { tokens: "refused" });
