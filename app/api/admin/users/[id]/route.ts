import { requireAdmin } from "@/lib/auth/current-user";
import { userStatusSchema } from "@/lib/auth/schemas";
import { setUserDisabled } from "@/lib/auth/user-status";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const admin = await requireAdmin();
  const { disabled } = parseOrThrow(userStatusSchema, await readJson(request));
  return Response.json({ user: await setUserDisabled(admin, params.id, disabled) });
}, { tokens: "refused" });
