import { requireAdmin } from "@/lib/auth/current-user";
import { createInvite, inviteLink, listPendingInvites } from "@/lib/auth/invites";
import { studioOrigin } from "@/lib/auth/origin";
import { createInviteSchema } from "@/lib/auth/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const GET = route(async () => {
  await requireAdmin();
  return Response.json({ invites: await listPendingInvites() });
}, { tokens: "refused" });

// The link (and so the token) is in this answer only: the studio keeps just its hash.
export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = parseOrThrow(createInviteSchema, await readJson(request));
  const { invite, token } = await createInvite(admin, values);
  return Response.json({ invite, link: inviteLink(studioOrigin(request.headers), token) }, { status: 201, headers: { "Cache-Control": "no-store" } });
}, { tokens: "refused" });
