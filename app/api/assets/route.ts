import { z } from "zod";
import { listVisibleAssets } from "@/lib/assets/list-assets";
import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { route } from "@/lib/http/route";

const querySchema = z.object({
  kind: z
    .string()
    .default("image,input")
    .transform((value) => value.split(","))
    .pipe(z.array(z.enum(["image", "layer", "video", "input"], { error: "kind must be image, layer, video or input" }))),
  cursor: z.string().uuid("cursor must be an asset id").optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = route(async (request) => {
  const user = await requireUser();
  const query = parseOrThrow(querySchema, Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await listVisibleAssets(user, { kinds: query.kind, cursor: query.cursor, limit: query.limit }));
});
