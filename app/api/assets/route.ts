import { assetListQuerySchema } from "@/lib/assets/asset-queries";
import { listVisibleAssets } from "@/lib/assets/list-assets";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";

export const GET = route(async (request) => {
  const user = await requireUser();
  const query = readQuery(request, assetListQuerySchema);
  return Response.json(await listVisibleAssets(user, { kinds: query.kind, mimes: query.mime, cursor: query.cursor, limit: query.limit }));
}, { tokens: "read" });
