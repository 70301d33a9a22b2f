import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, readQuery, route } from "@/lib/http/route";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import { startBeta } from "@/lib/images/generate-beta";
import { generationHistoryQuerySchema, listGenerations } from "@/lib/images/list-generations";

export const GET = route(async (request) => {
  const user = await requireUser();
  const { cursor } = readQuery(request, generationHistoryQuerySchema);
  return Response.json(await listGenerations(user, "beta", { cursor }));
}, { tokens: "read" });

// Starts the generation as a job and answers at once (202) with the job and the pending generation;
// progress and the result arrive on the jobs stream (/api/jobs/events). Only the job's Cancel stops it.
export const POST = route(async (request) => {
  const user = await requireUser();
  const values = parseOrThrow(betaFormSchema, await readJson(request));
  return Response.json(await startBeta(user, values), { status: 202 });
}, { tokens: "images:generate" });
