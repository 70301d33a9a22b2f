import { requireUser } from "@/lib/auth/current-user";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { prepareTurn } from "@/lib/chat/send-turn";
import type { TurnEvent } from "@/lib/chat/turn-events";
import { parseOrThrow } from "@/lib/errors";
import { ndjsonResponse } from "@/lib/http/ndjson";
import { readJson, route } from "@/lib/http/route";

// Streams progress, then the persisted turn (succeeded or failed); a failure nobody expected ends
// the stream with an `error` event instead. A browser that disconnects or cancels aborts the
// upstream call through request.signal; the turn is then stored as cancelled.
export const POST = route<{ id: string }>(async (request, { params, requestId }) => {
  const user = await requireUser();
  const { parentTurnId, ...values } = parseOrThrow(sendTurnSchema, await readJson(request));
  const run = await prepareTurn(user, params.id, parentTurnId, values);
  return ndjsonResponse<TurnEvent>(requestId, async (send) => {
    const turn = await run({
      signal: request.signal,
      onQueuePosition: (position) => send({ type: "queued", position }),
      onStage: (stage) => send({ type: stage }),
      onFrame: (round) => send({ type: "frame", round }),
    });
    send({ type: "done", turn });
  });
});
