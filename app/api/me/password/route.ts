import { changePassword } from "@/lib/auth/change-password";
import { requireSessionUser } from "@/lib/auth/current-user";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const POST = route(async (request) => {
  const user = await requireSessionUser();
  const values = parseOrThrow(changePasswordSchema, await readJson(request));
  return Response.json(await changePassword(user, values));
}, { tokens: "refused" });
