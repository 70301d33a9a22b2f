import { z } from "zod";
import { ASSET_MIMES } from "@/lib/assets/file-name";
import { listVisibleAssets } from "@/lib/assets/list-assets";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";

const commaList = z.string().transform((value) => value.split(","));

const querySchema = z.object({
  kind: commaList.default(["image", "input"]).pipe(z.array(z.enum(["image", "layer", "video", "input"], { error: "kind must be image, layer, video or input" }))),
  // Only assets of these types (the asset picker asks for what its form accepts).
  mime: commaList.pipe(z.array(z.enum(ASSET_MIMES, { error: `must be one of ${ASSET_MIMES.join(", ")}` }))).optional(),
  cursor: z.string().uuid("cursor must be an asset id").optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = route(async (request) => {
  const user = await requireUser();
  const query = readQuery(request, querySchema);
  return Response.json(await listVisibleAssets(user, { kinds: query.kind, mimes: query.mime, cursor: query.cursor, limit: query.limit }));
}, { tokens: "read" });
