import { studioOrigin } from "@/lib/auth/origin";
import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { createShareLinkSchema } from "@/lib/gallery/share-link-schemas";
import { createShareLink, listShareLinks } from "@/lib/gallery/share-links";
import { readJson, route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ links: await listShareLinks(user, params.id) });
}, { tokens: "read" });

export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { expiresInDays } = parseOrThrow(createShareLinkSchema, await readJson(request));
  return Response.json({ link: await createShareLink(user, params.id, expiresInDays, studioOrigin(request.headers)) }, { status: 201 });
}, { tokens: "gallery:manage" });
