import type { Context } from "hono";

export type Emit = (frame: unknown) => void;

const sseEvent = (data: string) => new TextEncoder().encode(`data: ${data}\n\n`);

/** JSON wire format: only the final frame, as one body (the default). */
export async function jsonAnswer(c: Context, headers: Record<string, string>, produce: (emit: Emit) => Promise<unknown>) {
  const final = await produce(() => {});
  return c.json(final as object, 200, headers);
}

/**
 * Server-sent events wire format: progress frames as they happen, the final frame, then
 * `data: [DONE]`. `done` runs when the stream ends (it frees the concurrency slot).
 */
export function sseAnswer(
  headers: Record<string, string>,
  produce: (emit: Emit) => Promise<unknown>,
  onFailure: (error: unknown) => unknown,
  done: () => void,
): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const emit: Emit = (frame) => controller.enqueue(sseEvent(JSON.stringify(frame)));
  void (async () => {
    try {
      emit(await produce(emit));
    } catch (error) {
      emit(onFailure(error));
    } finally {
      controller.enqueue(sseEvent("[DONE]"));
      controller.close();
      done();
    }
  })();
  return new Response(stream, {
    status: 200,
    headers: { ...headers, "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
