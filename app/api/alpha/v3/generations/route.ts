import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, readQuery, route } from "@/lib/http/route";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { generationHistoryQuerySchema, listGenerations } from "@/lib/images/list-generations";

export const GET = route(async (request) => {
  const user = await requireUser();
  const { cursor } = readQuery(request, generationHistoryQuerySchema);
  return Response.json(await listGenerations(user, "alpha_v3", { cursor }));
}, { tokens: "read" });

// Starts the generation as a job and answers at once (202) with the job and the pending generation;
// progress and the result arrive on the jobs stream (/api/jobs/events). Leaving the page or closing
// the tab does not stop it; only the job's Cancel does.
export const POST = route(async (request) => {
  const user = await requireUser();
  const values = parseOrThrow(alphaV3FormSchema, await readJson(request));
  return Response.json(await startAlphaV3(user, values), { status: 202 });
}, { tokens: "images:generate" });
