import { requireUser } from "@/lib/auth/current-user";
import { downloadQuerySchema } from "@/lib/gallery/gallery-schemas";
import { downloadItems } from "@/lib/gallery/zip-download";
import { readQuery, route } from "@/lib/http/route";

export const GET = route(async (request) => {
  const user = await requireUser();
  const { ids } = readQuery(request, downloadQuerySchema);
  return downloadItems(user, ids);
}, { tokens: "read" });
