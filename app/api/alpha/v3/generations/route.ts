import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { ndjsonResponse } from "@/lib/http/ndjson";
import { readJson, readQuery, route } from "@/lib/http/route";
import { alphaV3FormSchema, alphaV3HistoryQuerySchema } from "@/lib/images/alpha-schemas";
import type { AlphaV3Event } from "@/lib/images/alpha-v3-events";
import { listAlphaV3Generations, prepareAlphaV3 } from "@/lib/images/generate-alpha-v3";

export const GET = route(async (request) => {
  const user = await requireUser();
  const { cursor } = readQuery(request, alphaV3HistoryQuerySchema);
  return Response.json(await listAlphaV3Generations(user, { cursor }));
});

// Streams progress (place in line, generating, storing) and then the stored result, or the failure
// as an `error` event. Closing the browser tab aborts the upstream call through request.signal.
export const POST = route(async (request, { requestId }) => {
  const user = await requireUser();
  const values = parseOrThrow(alphaV3FormSchema, await readJson(request));
  const run = await prepareAlphaV3(user, values);
  return ndjsonResponse<AlphaV3Event>(requestId, async (send) => {
    const generation = await run({
      signal: request.signal,
      onQueuePosition: (position) => send({ type: "queued", position }),
      onStage: (stage) => send({ type: stage }),
    });
    send({ type: "done", generation });
  });
});
