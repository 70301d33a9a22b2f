import { requireUser } from "@/lib/auth/current-user";
import { galleryQuerySchema } from "@/lib/gallery/gallery-schemas";
import { listGallery } from "@/lib/gallery/list-gallery";
import { route, readQuery } from "@/lib/http/route";

/** One page of the gallery: the user's own entries, or one of their teams'. */
export const GET = route(async (request) => {
  const user = await requireUser();
  return Response.json(await listGallery(user, readQuery(request, galleryQuerySchema)));
}, { tokens: "read" });
