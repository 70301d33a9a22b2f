import { describe, expect, it } from "vitest";
import { describeErrorBody, kindForStatus, parseRetryAfter, UpstreamError, upstreamErrorFromResponse } from "./errors";

const KEY = "sk-secret-key-123";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

describe("kindForStatus (spec 7.1)", () => {
  it.each([
    [400, "bad_request"],
    [401, "auth"],
    [403, "auth"],
    [404, "bad_request"],
    [422, "blocked"],
    [429, "rate_limited"],
    [500, "server"],
    [503, "server"],
  ] as const)("%i → %s", (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates; ignores garbage", () => {
    const now = Date.parse("2025-03-01T12:00:00Z");
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("0")).toBe(0);
    expect(parseRetryAfter(" 7 ")).toBe(7);
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter("-3")).toBeUndefined();
  });
});

describe("describeErrorBody", () => {
  it("reads the {error: {message, param}, request_id} shape", () => {
    expect(
      describeErrorBody(JSON.stringify({ error: { code: "invalid_parameter", message: "bad size", param: "size" }, request_id: "r1" })),
    ).toEqual({ field: "size", requestId: "r1", message: "bad size" });
  });

  it("finds a request field named in the message when no param is given", () => {
    expect(describeErrorBody(JSON.stringify({ message: "footnote exceeds 16 characters" })).field).toBe("footnote");
    expect(describeErrorBody(JSON.stringify({ error: { message: "messages[2].tool_call_id does not match" } })).field).toBe(
      "tool_call_id",
    );
    expect(describeErrorBody(JSON.stringify({ error: { message: "invalid messages structure" } })).field).toBe("messages");
    expect(describeErrorBody(JSON.stringify({ error: { message: "something odd" } })).field).toBeUndefined();
  });

  it("takes plain text bodies as the message and ignores empty ones", () => {
    expect(describeErrorBody("upstream exploded")).toEqual({ field: undefined, requestId: undefined, message: "upstream exploded" });
    expect(describeErrorBody("")).toEqual({ field: undefined, requestId: undefined, message: undefined });
  });
});

describe("upstreamErrorFromResponse", () => {
  it("400 names the field in the user message", async () => {
    const error = await upstreamErrorFromResponse(jsonResponse(400, { error: { message: "size out of range", param: "size" }, request_id: "r-400" }));
    expect(error).toMatchObject({ kind: "bad_request", status: 400, field: "size", requestId: "r-400", upstreamMessage: "size out of range" });
    expect(error.userMessage).toContain('"size"');
  });

  it("401 tells the designer to contact the admin", async () => {
    const error = await upstreamErrorFromResponse(jsonResponse(401, { error: { message: "invalid key" } }));
    expect(error.kind).toBe("auth");
    expect(error.userMessage).toMatch(/administrator/);
    expect(error.userMessage).toMatch(/cannot change/);
  });

  it("422 is a content-safety block", async () => {
    const error = await upstreamErrorFromResponse(jsonResponse(422, { error: { message: "moderation" } }));
    expect(error.kind).toBe("blocked");
    expect(error.userMessage).toBe("Blocked by content safety — adjust the prompt or image and try again.");
  });

  it("429 says the service is busy and carries Retry-After", async () => {
    const error = await upstreamErrorFromResponse(jsonResponse(429, {}, { "retry-after": "3" }));
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3 });
    expect(error.userMessage).toMatch(/busy/);
  });

  it("500 carries the request id (from the body, else the x-request-id header) beside its message", async () => {
    const fromBody = await upstreamErrorFromResponse(jsonResponse(500, { request_id: "req-500" }));
    expect(fromBody.requestId).toBe("req-500");
    expect(fromBody.userMessage).toMatch(/quote the request id\.$/);
    expect(fromBody.userMessage).not.toContain("req-500");
    const fromHeader = await upstreamErrorFromResponse(new Response("oops", { status: 502, headers: { "x-request-id": "hdr-1" } }));
    expect(fromHeader).toMatchObject({ kind: "server", requestId: "hdr-1", upstreamMessage: "oops" });
  });

  it("redacts the key if the upstream echoes it", async () => {
    const error = await upstreamErrorFromResponse(
      jsonResponse(401, { error: { message: `key ${KEY} is not valid` } }),
      { redact: [KEY] },
    );
    expect(error.upstreamMessage).toBe("key [redacted] is not valid");
    expect(error.message).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it("only names a field for 400s", async () => {
    const error = await upstreamErrorFromResponse(jsonResponse(422, { error: { message: "prompt blocked", param: "prompt" } }));
    expect(error.field).toBeUndefined();
  });
});

describe("UpstreamError", () => {
  it("toJSON holds the user message and ids, not the cause or upstream wording", () => {
    const error = new UpstreamError({
      kind: "server",
      status: 500,
      requestId: "r9",
      upstreamMessage: "stack trace here",
      cause: new Error(`Authorization: Bearer ${KEY}`),
    });
    const json = error.toJSON();
    expect(json).toEqual({ kind: "server", message: error.userMessage, status: 500, requestId: "r9" });
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain("stack trace");
  });

  it("has a message per kind", () => {
    expect(new UpstreamError({ kind: "timeout", timeoutMs: 180_000 }).userMessage).toMatch(/180 seconds/);
    expect(new UpstreamError({ kind: "aborted" }).userMessage).toMatch(/cancelled/);
    expect(new UpstreamError({ kind: "network" }).userMessage).toMatch(/could not reach/);
    expect(new UpstreamError({ kind: "invalid_response", requestId: "r2" }).userMessage).toMatch(/could not read/);
    expect(new UpstreamError({ kind: "bad_request" }).userMessage).toMatch(/malformed/);
  });
});
