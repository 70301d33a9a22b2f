import { requireUser } from "@/lib/auth/current-user";
import { keepComparisonMemberSchema } from "@/lib/comparisons/comparison-schemas";
import { keepComparisonMember } from "@/lib/comparisons/keep-member";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const values = parseOrThrow(keepComparisonMemberSchema, await readJson(request));
  return Response.json({ comparison: await keepComparisonMember(user, params.id, values) });
}, { tokens: "gallery:manage" });
