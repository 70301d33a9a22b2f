import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { shareItemSchema } from "@/lib/gallery/gallery-schemas";
import { shareItem } from "@/lib/gallery/share-item";
import { readJson, route } from "@/lib/http/route";

export const PUT = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { teamId } = parseOrThrow(shareItemSchema, await readJson(request));
  return Response.json(await shareItem(user, params.id, teamId));
}, { tokens: "gallery:manage" });
