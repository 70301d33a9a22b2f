import { requireUser } from "@/lib/auth/current-user";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// Starts the turn as a job and answers at once (202) with the job and the pending turn; progress and
// the stored answer arrive on the jobs stream (/api/jobs/events). Leaving the page or closing the tab
// does not stop it; only the job's Cancel does.
export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { parentTurnId, ...values } = parseOrThrow(sendTurnSchema, await readJson(request));
  return Response.json(await startTurn(user, params.id, parentTurnId, values), { status: 202 });
}, { tokens: "images:generate" });
