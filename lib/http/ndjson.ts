import "server-only";

// A streamed answer of one JSON object per line, so a long synchronous upstream call can tell the
// browser where it stands (waiting in line, generating, stored) before its final result.
export function ndjsonResponse<E>(run: (send: (event: E) => void) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: E) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      try {
        await run(send);
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
