import { requireUser } from "@/lib/auth/current-user";
import { getComparison } from "@/lib/comparisons/get-comparison";
import { route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ comparison: await getComparison(user, params.id) });
}, { tokens: "read" });
