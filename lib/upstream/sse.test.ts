import { describe, expect, it } from "vitest";
import { UpstreamError } from "./errors";
import { readFinalFrame, readFrames } from "./sse";

/** A response whose body arrives in the given chunks (strings, encoded as UTF-8). */
function chunked(chunks: (string | Uint8Array)[], contentType?: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: contentType ? { "content-type": contentType } : {} });
}

async function all(response: Response): Promise<unknown[]> {
  const frames: unknown[] = [];
  for await (const frame of readFrames(response)) frames.push(frame);
  return frames;
}

describe("readFrames", () => {
  it("reads a single JSON object", async () => {
    expect(await all(chunked(['{"a":', "1}"], "application/json; charset=utf-8"))).toEqual([{ a: 1 }]);
  });

  it("reads a JSON array of frames", async () => {
    expect(await all(chunked(['[{"a":1},{"a":2}]'], "application/json"))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("reads line-delimited JSON frames", async () => {
    expect(await all(chunked(['{"a":1}\n{"a":2}\n'], "application/json"))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("reads an event stream: comments and keep-alives ignored, stops at [DONE]", async () => {
    const stream = [
      ": keep-alive\n\n",
      "event: progress\n",
      'data: {"round":0}\n\n',
      "\n",
      'data: {"round":1,\n',
      'data: "x":2}\n\n',
      "data: [DONE]\n\n",
      'data: {"after":"done"}\n\n',
    ];
    expect(await all(chunked(stream, "text/event-stream"))).toEqual([{ round: 0 }, { round: 1, x: 2 }]);
  });

  it("handles CRLF and CR line endings, split across chunks", async () => {
    const stream = ['data: {"a":1}\r', "\n\r\n", 'data: {"a":2}\r\r', "data: [DONE]\r\r"];
    expect(await all(chunked(stream, "text/event-stream"))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("handles a multi-byte character split between chunks", async () => {
    const bytes = new TextEncoder().encode('data: {"t":"é😀"}\n\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji
    expect(await all(chunked([bytes.slice(0, cut), bytes.slice(cut)], "text/event-stream"))).toEqual([{ t: "é😀" }]);
  });

  it("delivers a last event that lacks its closing blank line", async () => {
    expect(await all(chunked(['data: {"a":1}\n\ndata: {"a":2}'], "text/event-stream"))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("sniffs the format when the Content-Type says nothing useful", async () => {
    expect(await all(chunked(["\n  ", '{"a":1}'], "text/plain"))).toEqual([{ a: 1 }]);
    expect(await all(chunked([": hi\n", 'data: {"a":1}\n\n', "data: [DONE]\n\n"]))).toEqual([{ a: 1 }]);
    expect(await all(chunked(['data: {"a":1}\n\n'], "application/octet-stream"))).toEqual([{ a: 1 }]);
  });

  it("throws invalid_response on a frame that is not JSON", async () => {
    const error = await all(chunked(["data: {oops\n\n"], "text/event-stream")).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.kind).toBe("invalid_response");
  });

  it("cancels the rest of the body after [DONE]", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"a":1}\n\ndata: [DONE]\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await all(new Response(body, { headers: { "content-type": "text/event-stream" } }))).toEqual([{ a: 1 }]);
    expect(cancelled).toBe(true);
  });
});

describe("readFinalFrame", () => {
  it("reports every frame in order and returns the last", async () => {
    const seen: [unknown, number][] = [];
    const final = await readFinalFrame(chunked(['data: {"n":1}\n\n', 'data: {"n":2}\n\n', "data: [DONE]\n\n"], "text/event-stream"), {
      onFrame: (frame, index) => seen.push([frame, index]),
    });
    expect(final).toEqual({ n: 2 });
    expect(seen).toEqual([
      [{ n: 1 }, 0],
      [{ n: 2 }, 1],
    ]);
  });

  it("throws invalid_response when there is no frame at all", async () => {
    await expect(readFinalFrame(chunked([": only a comment\n\n", "data: [DONE]\n\n"], "text/event-stream"))).rejects.toMatchObject({
      kind: "invalid_response",
    });
    await expect(readFinalFrame(chunked(["   "], "application/json"))).rejects.toMatchObject({ kind: "invalid_response" });
  });
});
