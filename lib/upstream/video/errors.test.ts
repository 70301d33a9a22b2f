// How a call to a video service fails (spec 7.3): the refusal body, Retry-After, what proves that no
// job was created, and the line between no answer (timeout, network) and the caller's own cancel.
import { describe, expect, it, vi } from "vitest";
import { provesNotCreated, VideoApiError, VideoResponseError, VideoTransportError } from "./errors";
import { requestVideoService, type VideoRequest } from "./http";

function call(fetchImpl: typeof fetch, extra: Partial<VideoRequest<Response>> = {}) {
  return requestVideoService<Response>({
    service: "video agent",
    fetch: fetchImpl,
    url: "http://agent.test/v1/videos",
    init: { method: "POST", body: "{}" },
    timeoutMs: 1_000,
    timeoutCovers: "answer",
    read: async (response) => response,
    ...extra,
  });
}

const answering = (response: () => Response): typeof fetch => async () => response();

async function refusal(response: Response): Promise<VideoApiError> {
  const error = await call(answering(() => response)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(VideoApiError);
  return error as VideoApiError;
}

/** A fetch that answers only when aborted, as a service that never replies. */
const silent: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason ?? new Error("aborted"))));

describe("a refusal (spec 7.3 body)", () => {
  it("reads code, param, request_id and message from the body", async () => {
    const error = await refusal(
      Response.json(
        { error: { code: "unsafe_resolution", message: "short_edge must be 768..2160", param: "target.short_edge" }, request_id: "req_1" },
        { status: 400 },
      ),
    );
    expect(error).toMatchObject({
      status: 400,
      code: "unsafe_resolution",
      param: "target.short_edge",
      requestId: "req_1",
      retryAfterSeconds: null,
      upstreamMessage: "short_edge must be 768..2160",
    });
    expect(error.message).toContain("req_1");
  });

  it("a null param stays null; the request id falls back on the x-request-id header", async () => {
    const error = await refusal(
      Response.json({ error: { code: "internal_error", message: "boom", param: null } }, { status: 500, headers: { "x-request-id": "hdr_9" } }),
    );
    expect(error).toMatchObject({ code: "internal_error", param: null, requestId: "hdr_9" });
  });

  it("a body that is not JSON gives code http_<status> and keeps no message", async () => {
    const error = await refusal(new Response("<html>Bad Gateway</html>", { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: "http_502", param: null, requestId: null, upstreamMessage: null });
  });

  it("JSON without error.code gives http_<status>, whatever the message says", async () => {
    const error = await refusal(Response.json({ error: { message: "queue_full" }, request_id: "req_2" }, { status: 429 }));
    expect(error).toMatchObject({ code: "http_429", requestId: "req_2", upstreamMessage: null });
  });

  it("Retry-After in seconds (429 queue_full)", async () => {
    const error = await refusal(
      Response.json({ error: { code: "queue_full", message: "queue is full", param: null }, request_id: "r" }, { status: 429, headers: { "Retry-After": "60" } }),
    );
    expect(error).toMatchObject({ code: "queue_full", retryAfterSeconds: 60 });
  });

  it("Retry-After as an HTTP date (503)", async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    const error = await refusal(
      Response.json({ error: { code: "moderation_unavailable", message: "later", param: null }, request_id: "r" }, { status: 503, headers: { "Retry-After": at } }),
    );
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it("an unreadable Retry-After is null", async () => {
    const error = await refusal(Response.json({ error: { code: "queue_full" } }, { status: 429, headers: { "Retry-After": "soon" } }));
    expect(error.retryAfterSeconds).toBeNull();
  });
});

describe("provesNotCreated", () => {
  const api = (status: number, code = `http_${status}`) =>
    new VideoApiError({ service: "video agent", status, code, param: null, requestId: null, retryAfterSeconds: null, upstreamMessage: null });

  it.each([
    [api(400, "unsafe_resolution"), true],
    [api(400, "invalid_json"), true],
    [api(404, "not_found"), true],
    [api(409, "partition_mismatch"), true],
    [api(413, "request_too_large"), true],
    [api(429, "queue_full"), true],
    [api(503, "moderation_unavailable"), true],
    [api(503, "partition_detect_failed"), true],
    [api(408), false],
    [api(500, "internal_error"), false],
    [api(502), false],
    [api(504), false],
    [new VideoTransportError("timeout", "no answer"), false],
    [new VideoTransportError("network", "reset"), false],
    [new VideoResponseError("video agent", 200, "not JSON"), false],
    [new Error("anything else"), false],
    ["not an error", false],
  ])("%s → %s", (error, proves) => {
    expect(provesNotCreated(error)).toBe(proves);
  });

  it("reads a refusal thrown by another copy of this module, as a production build's chunks each hold one", async () => {
    vi.resetModules();
    const otherChunk = await import("./errors");
    expect(otherChunk.VideoApiError).not.toBe(VideoApiError);
    const queueFull = new otherChunk.VideoApiError({ service: "video agent", status: 429, code: "queue_full", param: null, requestId: null, retryAfterSeconds: 60, upstreamMessage: null });
    expect(provesNotCreated(queueFull)).toBe(true);
  });
});

describe("no answer", () => {
  it("the time limit gives VideoTransportError kind timeout", async () => {
    const error = await call(silent, { timeoutMs: 30 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VideoTransportError);
    expect(error).toMatchObject({ kind: "timeout" });
    expect((error as Error).message).toContain("POST /v1/videos");
  });

  it("a slow body is still under the limit when the limit covers the answer", async () => {
    const fetchImpl: typeof fetch = async (_url, init) => new Response(slowBody(80, init?.signal));
    const error = await call(fetchImpl, { timeoutMs: 30, read: async (response) => new Response(await response.text()) }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "timeout" });
  });

  it("with `headers` the limit ends once the headers arrive: the body may take longer", async () => {
    const fetchImpl: typeof fetch = async (_url, init) => new Response(slowBody(80, init?.signal));
    const response = await call(fetchImpl, { timeoutMs: 30, timeoutCovers: "headers" });
    expect(await response.text()).toBe("late bytes");
  });

  it("a connection error gives VideoTransportError kind network with the cause", async () => {
    const fetchImpl: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: new Error("socket hang up") });
    };
    const error = await call(fetchImpl).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "network" });
    expect((error as Error).message).toContain("socket hang up");
  });

  it("the caller's cancel is thrown as the caller's reason, not as a transport error", async () => {
    const controller = new AbortController();
    const pending = call(silent, { signal: controller.signal });
    const reason = new Error("shutting down");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

/** A body that arrives after `delayMs` and fails when `signal` aborts first, as fetch's bodies do. */
function slowBody(delayMs: number, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      const timer = setTimeout(() => {
        controller.enqueue(new TextEncoder().encode("late bytes"));
        controller.close();
      }, delayMs);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        controller.error(signal.reason);
      });
    },
  });
}
