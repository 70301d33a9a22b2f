import { requireUser } from "@/lib/auth/current-user";
import { comparisonFormSchema } from "@/lib/comparisons/comparison-schemas";
import { startComparison } from "@/lib/comparisons/start-comparison";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// Starts every member's job at once (202); the page follows them on the jobs stream and reads the
// comparison again as they end.
export const POST = route(async (request) => {
  const user = await requireUser();
  const values = parseOrThrow(comparisonFormSchema, await readJson(request));
  return Response.json(await startComparison(user, values), { status: 202 });
}, { tokens: "images:generate" });
