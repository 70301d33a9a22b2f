import { describe, expect, it, vi } from "vitest";
import { createConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { UpstreamError } from "@/lib/upstream/errors";
import { createAlphaClient, type AlphaClientOptions } from "./client";

const KEY = "sk-test-key-0123456789";
const BASE = "https://upstream.test";
const user = [{ role: "user" as const, content: [{ type: "text" as const, text: "a cat" }] }];

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch that records requests and answers from a queue of handlers (the last one repeats). */
function fakeFetch(...handlers: Handler[]) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)]!;
    return handler(request);
  });
  return { impl: impl as unknown as typeof fetch, requests, bodies, calls: () => requests.length };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const v3Ok = json(200, {
  id: "gen-1",
  created: 1740816000,
  data: [{ url: `${BASE}/files/a.png`, revised_prompt: "a fluffy cat" }],
  request_id: "req-1",
  gateway_usage: { total_tokens: 42 },
});

const v35Frame = {
  id: "chat-1",
  object: "image.chat.completion.chunk",
  model: "internal",
  round: 0,
  choices: [{ index: 0, delta: { type: "image", image: { url: `${BASE}/files/f.png`, width: 1024, height: 1024, source: "generate", tool_call_id: "c1" } }, finish_reason: null }],
  usage: { total_tokens: 9 },
  gateway_usage: { total_tokens: 9 },
  request_id: "req-35",
  assembled_history: [
    { role: "assistant", reasoning: "r", tool_calls: [{ id: "c1", type: "function", function: { name: "generate", arguments: "{}" } }] },
    { role: "tool", tool_call_id: "c1", content: [{ type: "image_url", image_url: { url: `${BASE}/files/i.png` } }] },
    { role: "assistant", content: [{ type: "text", text: "done" }] },
  ],
};

function client(fetchImpl: typeof fetch, extra: Partial<AlphaClientOptions> = {}) {
  return createAlphaClient({
    baseUrl: `${BASE}/`,
    apiKey: KEY,
    fetch: fetchImpl,
    gate: createConcurrencyGate({ defaultLimit: 4 }),
    retry: { sleep: async () => undefined, random: () => 0 },
    ...extra,
  });
}

function expectNoKey(error: unknown) {
  expect(error).toBeInstanceOf(UpstreamError);
  const e = error as UpstreamError;
  for (const text of [e.message, e.userMessage, e.upstreamMessage ?? "", JSON.stringify(e)]) expect(text).not.toContain(KEY);
}

describe("generateV3", () => {
  it("posts the strict request with the Bearer key and maps the result", async () => {
    const fake = fakeFetch(v3Ok);
    const result = await client(fake.impl).generateV3({ prompt: "a cat", size: "1024x1024", revise: true });
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(`${BASE}/v1/wand/alpha-image/v3-generation`);
    expect(request!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(fake.bodies[0]!)).toEqual({ model: "alpha-image-v3", prompt: "a cat", size: "1024x1024", revise: true });
    expect(result).toMatchObject({
      images: [{ url: `${BASE}/files/a.png`, revisedPrompt: "a fluffy cat" }],
      requestId: "req-1",
      totalTokens: 42,
      response: { id: "gen-1" },
    });
  });

  it("refuses invalid parameters without calling the upstream", async () => {
    const fake = fakeFetch(v3Ok);
    const error = await client(fake.impl).generateV3({ prompt: "p", size: "4000x4000" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "bad_request", field: "size" });
    expect(fake.calls()).toBe(0);
  });

  it("retries a 429 and succeeds", async () => {
    const fake = fakeFetch(json(429, { error: { message: "busy" } }, { "retry-after": "0" }), v3Ok);
    const onRetry = vi.fn();
    const result = await client(fake.impl, { onRetry }).generateV3({ prompt: "p" });
    expect(result.requestId).toBe("req-1");
    expect(fake.calls()).toBe(2);
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ operation: "v3", attempt: 1, delayMs: 0 }));
  });

  it("reports a persistent 500 after one retry, with its request id", async () => {
    const fake = fakeFetch(json(500, { request_id: "req-500" }));
    const error = await client(fake.impl).generateV3({ prompt: "p" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "server", status: 500, requestId: "req-500" });
    expect(error.userMessage).not.toContain("req-500");
    expect(fake.calls()).toBe(2);
  });

  it("maps 401 to auth and never leaks the key, even if echoed", async () => {
    const fake = fakeFetch(json(401, { error: { message: `bad key ${KEY}` } }));
    const error = await client(fake.impl).generateV3({ prompt: "p" }).catch((e) => e);
    expect(error.kind).toBe("auth");
    expectNoKey(error);
  });

  it("times out per attempt", async () => {
    const hang: Handler = (request) =>
      new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
    const error = await client(fakeFetch(hang).impl, { timeoutMs: 30 }).generateV3({ prompt: "p" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "timeout" });
  });

  it("reports a caller abort as aborted", async () => {
    const controller = new AbortController();
    const hang: Handler = (request) =>
      new Promise((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
        controller.abort();
      });
    const error = await client(fakeFetch(hang).impl).generateV3({ prompt: "p" }, { signal: controller.signal }).catch((e) => e);
    expect(error.kind).toBe("aborted");
  });

  it("reports a connection failure as network, without retrying", async () => {
    const fake = fakeFetch(() => Promise.reject(new TypeError("fetch failed", { cause: new Error("ECONNREFUSED") })));
    const error = await client(fake.impl).generateV3({ prompt: "p" }).catch((e) => e);
    expect(error).toMatchObject({ kind: "network", upstreamMessage: "fetch failed: ECONNREFUSED" });
    expect(fake.calls()).toBe(1);
  });

  it("reports an unreadable 200 as invalid_response", async () => {
    const notJson = () => new Response("<html>", { status: 200, headers: { "x-request-id": "h1" } });
    await expect(client(fakeFetch(notJson).impl).generateV3({ prompt: "p" })).rejects.toMatchObject({ kind: "invalid_response", requestId: "h1" });
    await expect(client(fakeFetch(json(200, { data: [] })).impl).generateV3({ prompt: "p" })).rejects.toMatchObject({ kind: "invalid_response" });
  });

  it("waits in the studio's line and reports the position", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    const hold = await gate.acquire("alpha-image-v3");
    const events: string[] = [];
    const fake = fakeFetch(v3Ok);
    const pending = client(fake.impl, { gate }).generateV3(
      { prompt: "p" },
      { onQueuePosition: (p) => events.push(`position ${p}`), onAdmitted: () => events.push("admitted") },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["position 1"]);
    expect(fake.calls()).toBe(0);
    hold();
    await pending;
    expect(events).toEqual(["position 1", "admitted"]);
    expect(gate.snapshot("alpha-image-v3").active).toBe(0);
  });

  it("leaves the line as aborted when the caller gives up while waiting", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    await gate.acquire("alpha-image-v3");
    const controller = new AbortController();
    const pending = client(fakeFetch(v3Ok).impl, { gate }).generateV3({ prompt: "p" }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "aborted" });
    expect(gate.snapshot("alpha-image-v3").waiting).toBe(0);
  });

  it("gives the slot back after a failure", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    await client(fakeFetch(json(400, {})).impl, { gate }).generateV3({ prompt: "p" }).catch(() => undefined);
    expect(gate.snapshot("alpha-image-v3").active).toBe(0);
  });
});

describe("generateV35", () => {
  it("writes the int64 seed exactly and reads a JSON answer", async () => {
    const fake = fakeFetch(json(200, v35Frame));
    const result = await client(fake.impl).generateV35({ messages: user, session: "s1", seed: "9223372036854775807" });
    expect(fake.bodies[0]).toContain('"seed":9223372036854775807}');
    expect(fake.requests[0]!.url).toBe(`${BASE}/v1/wand/alpha-image/v35-generation`);
    expect(result).toMatchObject({ ok: true, image: { url: `${BASE}/files/f.png` }, requestId: "req-35" });
    if (result.ok) expect(result.assembledHistory).toHaveLength(3);
  });

  it("reads an SSE answer and reports each frame", async () => {
    const sse = () =>
      new Response(
        [": keepalive", "", `data: ${JSON.stringify({ round: 0, choices: [{ delta: {} }] })}`, "", `data: ${JSON.stringify(v35Frame)}`, "", "data: [DONE]", "", ""].join("\n"),
        { headers: { "content-type": "text/event-stream" } },
      );
    const frames: number[] = [];
    const result = await client(fakeFetch(sse).impl).generateV35({ messages: user }, { onFrame: (_frame, index) => frames.push(index) });
    expect(frames).toEqual([0, 1]);
    expect(result.ok).toBe(true);
  });

  it("returns a content_filter frame as a failed result (not thrown)", async () => {
    const blocked = json(200, {
      choices: [{ index: 0, delta: {}, finish_reason: "error" }],
      request_id: "req-b",
      error: { type: "invalid_request_error", code: "content_filter", message: "no", request_id: "req-b" },
    });
    const result = await client(fakeFetch(blocked).impl).generateV35({ messages: user });
    expect(result).toMatchObject({ ok: false, blocked: true, requestId: "req-b", error: { code: "content_filter" } });
  });

  it("maps a 422 to a thrown blocked error", async () => {
    await expect(client(fakeFetch(json(422, {})).impl).generateV35({ messages: user })).rejects.toMatchObject({ kind: "blocked" });
  });

  it("refuses messages that break spec 2.3 without calling the upstream", async () => {
    const fake = fakeFetch(json(200, v35Frame));
    const orphanTool = [...user, { role: "tool" as const, tool_call_id: "nope", content: [] }];
    await expect(client(fake.impl).generateV35({ messages: orphanTool })).rejects.toMatchObject({
      kind: "bad_request",
      field: "messages[1].tool_call_id",
    });
    expect(fake.calls()).toBe(0);
  });
});

describe("downloadResult", () => {
  const readBytes = { consume: async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer()) };

  it("streams a result URL on the base origin, with the key, into the consumer", async () => {
    const fake = fakeFetch(() => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { "content-type": "image/png" } }));
    const bytes = await client(fake.impl).downloadResult(`${BASE}/files/a.png`, readBytes);
    expect(fake.requests[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(bytes).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it("never sends the key to an origin it was not told to trust", async () => {
    const fake = fakeFetch(() => new Response("x"));
    await expect(client(fake.impl).downloadResult("https://evil.test/steal", readBytes)).rejects.toMatchObject({ kind: "bad_request", field: "url" });
    await expect(client(fake.impl).downloadResult("not a url", readBytes)).rejects.toMatchObject({ kind: "bad_request" });
    expect(fake.calls()).toBe(0);
    await client(fake.impl, { resultOrigins: ["https://cdn.test"] }).downloadResult("https://cdn.test/a.png", readBytes);
    expect(fake.calls()).toBe(1);
  });

  it.each([403, 404, 410])("maps an expired URL's %i to a bad_request that says so", async (status) => {
    const error = await client(fakeFetch(json(status, { error: { message: "expired" } })).impl).downloadResult(`${BASE}/files/old.png`, readBytes).catch((e) => e);
    expect(error).toMatchObject({ kind: "bad_request", status });
    expect(error.userMessage).toMatch(/expired/);
    expectNoKey(error);
  });

  it("a 401 on download is still the key's fault", async () => {
    await expect(client(fakeFetch(json(401, {})).impl).downloadResult(`${BASE}/files/a.png`, readBytes)).rejects.toMatchObject({ kind: "auth" });
  });

  it("a transfer that breaks off half way is tried again from the start, under the one download policy", async () => {
    let calls = 0;
    const fake = fakeFetch(() => {
      calls += 1;
      if (calls === 1) {
        const broken = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([137, 80]));
            controller.error(new TypeError("terminated"));
          },
        });
        return new Response(broken);
      }
      return new Response(new Uint8Array([137, 80, 78, 71]));
    });
    const bytes = await client(fake.impl).downloadResult(`${BASE}/files/a.png`, readBytes);
    expect(bytes).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(fake.calls()).toBe(2);
  });

  it("gives up after the policy's transfer retries", async () => {
    const fake = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    await expect(client(fake.impl).downloadResult(`${BASE}/files/a.png`, readBytes)).rejects.toMatchObject({ kind: "network" });
    expect(fake.calls()).toBe(3);
  });

  it("the consumer's own refusal ends the download as it is, without a retry", async () => {
    const fake = fakeFetch(() => new Response(new Uint8Array([1, 2, 3])));
    const refusal = new Error("not an image");
    await expect(client(fake.impl).downloadResult(`${BASE}/files/a.png`, { consume: async () => Promise.reject(refusal) })).rejects.toBe(refusal);
    expect(fake.calls()).toBe(1);
  });
});

it("refuses to start without a key", () => {
  expect(() => createAlphaClient({ baseUrl: BASE, apiKey: "" })).toThrow(/apiKey/);
});
