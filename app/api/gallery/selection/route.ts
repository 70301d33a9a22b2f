import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { selectionActionSchema } from "@/lib/gallery/gallery-schemas";
import { applySelection } from "@/lib/gallery/selection";
import { readJson, route } from "@/lib/http/route";

export const POST = route(async (request) => {
  const user = await requireUser();
  const action = parseOrThrow(selectionActionSchema, await readJson(request));
  return Response.json(await applySelection(user, action));
}, { tokens: "gallery:manage" });
