import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { addMemberByEmail } from "@/lib/teams/team-members";
import { addMemberSchema } from "@/lib/teams/team-schemas";

export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(addMemberSchema, await readJson(request));
  return Response.json({ member: await addMemberByEmail(user, params.id, values) }, { status: 201 });
});
