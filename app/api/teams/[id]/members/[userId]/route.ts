import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { changeMemberRole, removeMember } from "@/lib/teams/team-members";
import { memberRoleSchema } from "@/lib/teams/team-schemas";

type Params = { id: string; userId: string };

export const PATCH = route<Params>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(memberRoleSchema, await readJson(request));
  return Response.json({ member: await changeMemberRole(user, params.id, params.userId, values) });
}, { tokens: "refused" });

// Removing yourself is leaving the team.
export const DELETE = route<Params>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await removeMember(user, params.id, params.userId));
}, { tokens: "refused" });
