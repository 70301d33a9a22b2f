import { createAccount } from "@/lib/auth/create-account";
import { signUpSchema } from "@/lib/auth/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const POST = route(async (request) => {
  const input = parseOrThrow(signUpSchema, await readJson(request));
  const user = await createAccount(input);
  return Response.json({ user }, { status: 201 });
});
