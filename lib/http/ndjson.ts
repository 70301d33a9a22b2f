import "server-only";
import type { ClientError } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { failureOf } from "./client-error";

type ErrorEvent = { type: "error"; error: ClientError };

// A streamed answer of one JSON object per line, so a long synchronous upstream call can tell the
// browser where it stands (waiting in line, generating, stored) before its final result. Once the
// answer has started, its status is sent: an error thrown by `run` becomes the last line instead,
// `{type: "error", error}`, with the same ClientError route() would have answered.
export function ndjsonResponse<E>(requestId: string, run: (send: (event: E) => void) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: E | ErrorEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      try {
        await run(send);
      } catch (error) {
        const failure = failureOf(error, requestId);
        if (failure.unexpected) requestLogger(requestId).error({ err: error }, "unhandled error in streamed answer");
        send({ type: "error", error: failure.error });
      } finally {
        open = false;
        try {
          controller.close();
        } catch {
          // The browser went away; nothing is left to tell it.
        }
      }
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
