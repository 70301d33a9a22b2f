import { describe, expect, it, vi } from "vitest";
import { failureOf } from "@/lib/http/client-error";
import { createConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { UpstreamError } from "@/lib/upstream/errors";
import { createBetaClient, type BetaClientOptions } from "./client";
import { BetaUpstreamError, type BetaErrorCode } from "./errors";
import type { BetaGenerationRequest } from "./wire";

const KEY = "sk-beta-key-0123456789";
const BASE = "https://upstream.test";
const PRO = "beta-image-v5.0-pro" as const;
const LITE = "beta-image-v5.0-lite" as const;
const proRequest: BetaGenerationRequest = { model: PRO, prompt: "a fox", size: "2K" };

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch that records requests and answers from a queue of handlers (the last one repeats). */
function fakeFetch(...handlers: Handler[]) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const handler = handlers[Math.min(requests.push(request) - 1, handlers.length - 1)]!;
    bodies.push(await request.clone().text());
    return handler(request);
  });
  return { impl: impl as unknown as typeof fetch, requests, bodies, calls: () => requests.length };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const refusal = (status: number, code: string, message: string, param: string | null = null) =>
  json(status, { error: { code, message, param }, request_id: `req-${code}` });

const ok = (body: Record<string, unknown> = {}) =>
  json(200, {
    model: PRO,
    created: 1_767_225_600,
    data: [{ url: `${BASE}/files/a.png`, size: "2048x2048", output_format: "png" }],
    request_id: "req-ok",
    gateway_usage: { total_tokens: 77 },
    ...body,
  });

function client(fetchImpl: typeof fetch, extra: Partial<BetaClientOptions> = {}) {
  return createBetaClient({
    baseUrl: `${BASE}/`,
    apiKey: KEY,
    fetch: fetchImpl,
    gate: createConcurrencyGate({ defaultLimit: 4 }),
    retry: { sleep: async () => undefined, random: () => 0 },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<BetaUpstreamError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as BetaUpstreamError;
}

describe("generate: the request (spec 4.3)", () => {
  it("posts the body with the Bearer key to the beta path and maps the result (spec 2.4)", async () => {
    const fake = fakeFetch(ok());
    const result = await client(fake.impl).generate({ ...proRequest, output_format: "png", watermark: false });
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(`${BASE}/v1/wand/beta-image/generation`);
    expect(request!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(fake.bodies[0]!)).toEqual({ model: PRO, prompt: "a fox", size: "2K", output_format: "png", watermark: false });
    expect(result).toEqual({
      requestId: "req-ok",
      model: PRO,
      createdAt: new Date(1_767_225_600 * 1000),
      totalTokens: 77,
      images: [{ url: `${BASE}/files/a.png`, outputFormat: "png", size: { width: 2048, height: 2048 } }],
    });
  });

  it.each<[string, BetaGenerationRequest, string]>([
    ["layer decomposition on lite", { model: LITE, prompt: "a fox", layer_decomposition: true, images: ["data:image/png;base64,AA=="] }, "layer_decomposition"],
    ["background on lite", { model: LITE, prompt: "a fox", background: "opaque" }, "background"],
    ["web search on pro", { model: PRO, prompt: "a fox", tools: { type: "web_search" } }, "tools"],
    ["a group on pro", { model: PRO, prompt: "a fox", sequential_image_generation: "disabled" }, "sequential_image_generation"],
    ["pro pixels under the range", { model: PRO, prompt: "a fox", size: "1280x719" }, "size"],
    ["lite pixels over the range", { model: LITE, prompt: "a fox", size: "4097x4096" }, "size"],
    ["a ratio over 16", { model: PRO, prompt: "a fox", size: "4801x300" }, "size"],
    ["a pro tier on lite", { model: LITE, prompt: "a fox", size: "1K" }, "size"],
    ["pixels with layer decomposition", { model: PRO, prompt: "a fox", layer_decomposition: true, images: ["data:image/png;base64,AA=="], size: "1280x720" }, "size"],
    ["11 images on pro", { model: PRO, prompt: "a fox", images: Array(11).fill("data:image/png;base64,AA==") }, "images"],
    ["a data URL with an uppercase format", { model: PRO, prompt: "a fox", images: ["data:image/PNG;base64,AA=="] }, "images[0]"],
    ["a prompt of 601 characters", { model: PRO, prompt: "a".repeat(601) }, "prompt"],
  ])("refuses %s before sending, naming the field", async (_, params, field) => {
    const fake = fakeFetch(ok());
    const error = await failure(client(fake.impl).generate(params));
    expect(error).toMatchObject({ kind: "bad_request", field });
    expect(error.upstreamMessage).toMatch(/^request not sent/);
    expect(fake.calls()).toBe(0);
  });

  it("sends what both models accept at their boundaries", async () => {
    const fake = fakeFetch(ok());
    for (const size of ["1280x720", "2830x1634", "4800x300", "300x4800"]) await client(fake.impl).generate({ ...proRequest, size });
    for (const size of ["2560x1440", "4096x4096", "3K"]) await client(fake.impl).generate({ model: LITE, prompt: "a fox", size });
    expect(fake.calls()).toBe(7);
  });
});

describe("generate: reading the result (spec 2.4)", () => {
  it("accepts created_at (string) without created, and both", async () => {
    const only = await client(fakeFetch(ok({ created: undefined, created_at: "2026-01-01T00:00:00Z" })).impl).generate(proRequest);
    expect(only.createdAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const both = await client(fakeFetch(ok({ created_at: "2026-01-01T00:00:00Z" })).impl).generate(proRequest);
    expect(both.createdAt.getTime()).toBe(1_767_225_600_000);
    const digits = await client(fakeFetch(ok({ created: undefined, created_at: "1767225600" })).impl).generate(proRequest);
    expect(digits.createdAt.getTime()).toBe(1_767_225_600_000);
  });

  it("falls back on the time of arrival when neither time reads", async () => {
    const before = Date.now();
    const result = await client(fakeFetch(ok({ created: undefined, created_at: "soon" })).impl).generate(proRequest);
    expect(result.createdAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("reads b64_json images, layer fields, a jpg format and a missing size", async () => {
    const layered = ok({
      data: [
        { b64_json: "iVBORw0KGgo=", size: "1024x1024", output_format: "jpg", role: "base" },
        { b64_json: "data:image/png;base64,AAAA", output_format: "png", role: "layer", layer_index: 1, bbox: { x: 5, y: 6, width: 70, height: 80 } },
      ],
    });
    const result = await client(fakeFetch(layered).impl).generate({ ...proRequest, response_format: "b64_json" });
    expect(result.images).toEqual([
      { b64: "iVBORw0KGgo=", outputFormat: "jpeg", size: { width: 1024, height: 1024 }, role: "base" },
      { b64: "AAAA", outputFormat: "png", size: null, role: "layer", layerIndex: 1, bbox: { x: 5, y: 6, width: 70, height: 80 } },
    ]);
  });

  it("tolerates absent or odd layer fields and a single object as data", async () => {
    const odd = ok({ data: { url: `${BASE}/files/b.png`, role: "foreground", bbox: "nope" }, gateway_usage: undefined, model: undefined });
    const result = await client(fakeFetch(odd).impl).generate({ ...proRequest, output_format: "jpeg" });
    expect(result).toMatchObject({ model: PRO, totalTokens: undefined, images: [{ url: `${BASE}/files/b.png`, outputFormat: "jpeg", size: null }] });
    expect(result.images[0]).not.toHaveProperty("role");
    expect(result.images[0]).not.toHaveProperty("bbox");
  });

  it("an item without url or b64_json, or a body that is not JSON, is an unreadable answer", async () => {
    expect(await failure(client(fakeFetch(ok({ data: [{ size: "1x1" }] })).impl).generate(proRequest))).toMatchObject({ kind: "invalid_response", requestId: "req-ok" });
    expect(await failure(client(fakeFetch(() => new Response("<html>")).impl).generate(proRequest))).toMatchObject({ kind: "invalid_response" });
  });
});

describe("generate: spec 7.2 codes become typed errors", () => {
  it.each<[BetaErrorCode, number, string | null, string, RegExp]>([
    ["FieldInvalid", 400, "size", "bad_request", /refused the value of Size\. Use one of the model's tiers .*921,600 and 4,624,220/],
    ["FieldLacking", 400, "prompt", "bad_request", /needs a value for Prompt; .*at most 600 characters/],
    ["FieldUnwanted", 400, "layer_decomposition", "bad_request", /^The Pro model does not accept Layer decomposition\. Turn it off or switch model/],
    ["FieldItemCountOutOfRange", 400, "images", "bad_request", /^Reference images: too many items\. Pro takes at most 10 reference images and Lite 14/],
    ["PageSizeOutOfRange", 400, "size", "bad_request", /^Size is outside the allowed range\. .*aspect ratio between 1:16 and 16:1/],
    ["ImageFormatInvalid", 400, "images[2]", "bad_request", /^Reference image 3 is in a format .*JPEG, PNG, WebP, BMP, TIFF, GIF, HEIC or HEIF/],
    ["ImageSizeInvalid", 400, "images[0]", "bad_request", /^Reference image 1 is too large or too small .*at least 14×14 px/],
    ["ImageDownloadFailure", 400, "images[1]", "bad_request", /could not download Reference image 2/],
    ["TaskPromptPolicyViolation", 422, "prompt", "blocked", /^Blocked by content safety — the prompt triggered/],
    ["CreationPolicyViolation", 422, null, "blocked", /^Blocked by content safety — the generated image/],
    ["AuditSubmitIllegal", 422, "images", "blocked", /^Blocked by content safety — the safety review refused reference images/],
    ["CreditInsufficient", 402, null, "account", /run out of credit.*not something you can fix.*administrator/],
    ["ModelUnavailable", 503, "model", "account", /^The Pro model is switched off .*administrator.*other beta model/],
    ["Forbidden", 403, null, "account", /does not permit the studio's key .*administrator/],
    ["Unauthorized", 401, null, "auth", /API key .* refused/],
  ])("%s (HTTP %i, param %s) → %s", async (code, status, param, kind, message) => {
    const fake = fakeFetch(refusal(status, code, `upstream words for ${code}`, param));
    const error = await failure(client(fake.impl).generate(proRequest));
    expect(error).toBeInstanceOf(BetaUpstreamError);
    expect(error).toMatchObject({ kind, code, status, requestId: `req-${code}`, upstreamMessage: `${code}: upstream words for ${code}` });
    expect(error.field).toBe(param ?? undefined);
    expect(error.userMessage).toMatch(message);
    expect(fake.calls()).toBe(1);
  });

  it("an account problem reaches the browser as code account (502), marked for the administrator", async () => {
    const error = await failure(client(fakeFetch(refusal(402, "CreditInsufficient", "no credit")).impl).generate(proRequest));
    const { status, error: body } = failureOf(error, "studio-req");
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: "account", requestId: "req-CreditInsufficient" });
    expect(body.message).toMatch(/administrator/);
  });

  it("a body that is not JSON or has no code falls back on the HTTP status", async () => {
    const text = (status: number) => () => new Response("Service temporarily down", { status });
    expect(await failure(client(fakeFetch(text(402)).impl).generate(proRequest))).toMatchObject({ kind: "account", code: undefined, upstreamMessage: "Service temporarily down" });
    expect((await failure(client(fakeFetch(text(403)).impl).generate(proRequest))).userMessage).toMatch(/does not permit/);
    expect((await failure(client(fakeFetch(text(413)).impl).generate(proRequest))).userMessage).toMatch(/larger than the 20 MB/);
    expect(await failure(client(fakeFetch(json(400, { message: "odd" })).impl).generate(proRequest))).toMatchObject({ kind: "bad_request", code: undefined });
    const unknownCode = await failure(client(fakeFetch(refusal(409, "SomethingNew", "new")).impl).generate(proRequest));
    expect(unknownCode).toMatchObject({ kind: "bad_request", code: undefined, upstreamMessage: "SomethingNew: new" });
  });

  it("never lets the key into an error", async () => {
    const echo = refusal(400, "FieldInvalid", `bad header Bearer ${KEY}`, "prompt");
    const error = await failure(client(fakeFetch(echo).impl).generate(proRequest));
    for (const text of [error.message, error.userMessage, error.upstreamMessage ?? "", JSON.stringify(error)]) expect(text).not.toContain(KEY);
  });
});

describe("generate: retries (spec 7.2, 8)", () => {
  it.each(["QuotaExceeded", "TooManyRequests"])("%s is retried with backoff and then succeeds", async (code) => {
    const retries: string[] = [];
    const fake = fakeFetch(refusal(429, code, "busy"), refusal(429, code, "busy"), ok());
    const result = await client(fake.impl, { onRetry: (event) => retries.push(`${event.operation}:${event.error.kind}`) }).generate(proRequest);
    expect(result.requestId).toBe("req-ok");
    expect(fake.calls()).toBe(3);
    expect(retries).toEqual(["generate:rate_limited", "generate:rate_limited"]);
  });

  it("gives up within the bound with a clear busy message", async () => {
    const fake = fakeFetch(refusal(429, "QuotaExceeded", "busy"));
    const error = await failure(client(fake.impl, { retry: { sleep: async () => undefined, random: () => 0, policy: { rateLimitRetries: 2 } } }).generate(proRequest));
    expect(error).toMatchObject({ kind: "rate_limited", code: "QuotaExceeded" });
    expect(error.userMessage).toMatch(/busy while the studio tried again\. Try again in a minute/);
    expect(fake.calls()).toBe(3);
  });

  it("an account problem is never retried; an internal failure once", async () => {
    const credit = fakeFetch(refusal(402, "CreditInsufficient", "none"));
    await failure(client(credit.impl).generate(proRequest));
    expect(credit.calls()).toBe(1);
    const internal = fakeFetch(refusal(500, "InternalServiceFailure", "boom"), ok());
    await expect(client(internal.impl).generate(proRequest)).resolves.toMatchObject({ requestId: "req-ok" });
    expect(internal.calls()).toBe(2);
  });
});

describe("generate: the studio's line and cancelling", () => {
  it("waits in the model's line, reporting its place, and is admitted when a slot frees", async () => {
    let finishFirst!: () => void;
    const first = new Promise<void>((resolve) => (finishFirst = resolve));
    const fake = fakeFetch(async () => {
      await first;
      return ok()();
    }, ok());
    const beta = client(fake.impl, { gate: createConcurrencyGate({ defaultLimit: 1 }) });
    const events: string[] = [];
    const running = beta.generate(proRequest, { onAdmitted: () => events.push("first admitted") });
    const waiting = beta.generate(proRequest, { onQueuePosition: (position) => events.push(`second at ${position}`), onAdmitted: () => events.push("second admitted") });
    // Lite has its own line: not held up by pro.
    await expect(beta.generate({ model: LITE, prompt: "a fox" })).resolves.toBeDefined();
    expect([...events].sort()).toEqual(["first admitted", "second at 1"]);
    finishFirst();
    await Promise.all([running, waiting]);
    expect(events).toHaveLength(3);
    expect(events.at(-1)).toBe("second admitted");
  });

  it("a cancelled call is aborted, not retried", async () => {
    const controller = new AbortController();
    const fake = fakeFetch((request) => new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))));
    const pending = client(fake.impl).generate(proRequest, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.calls()).toBe(1));
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: "aborted" });
    expect(fake.calls()).toBe(1);
  });
});

describe("downloadResult", () => {
  it("fetches a result URL with the key, and refuses other origins", async () => {
    const fake = fakeFetch(() => new Response(new Uint8Array([137, 80, 78, 71])));
    const beta = client(fake.impl);
    const bytes = await beta.downloadResult(`${BASE}/files/a.png`, { consume: async (body) => new Uint8Array(await new Response(body).arrayBuffer()) });
    expect([...bytes]).toEqual([137, 80, 78, 71]);
    expect(fake.requests[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    await expect(beta.downloadResult("https://elsewhere.test/a.png", { consume: async () => undefined })).rejects.toMatchObject({ kind: "bad_request", field: "url" });
    expect(fake.calls()).toBe(1);
  });
});
