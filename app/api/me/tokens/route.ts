import { createAccessToken, listOwnAccessTokens } from "@/lib/access-tokens/manage-tokens";
import { createTokenSchema } from "@/lib/access-tokens/token-schemas";
import { requireSessionUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// A token never lists or makes tokens: a leaked one cannot be turned into more.
export const GET = route(async () => {
  const user = await requireSessionUser();
  return Response.json({ tokens: await listOwnAccessTokens(user) });
}, { tokens: "refused" });

/** Answers the token with its secret, the only time the secret is ever shown. */
export const POST = route(async (request) => {
  const user = await requireSessionUser();
  const values = parseOrThrow(createTokenSchema, await readJson(request));
  return Response.json({ token: await createAccessToken(user, values) }, { status: 201 });
}, { tokens: "refused" });
