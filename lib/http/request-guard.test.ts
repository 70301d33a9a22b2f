import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkBodyType, checkOrigin, checkUrlText, hostileJson, readJsonBody } from "./request-guard";

const studio = "http://127.0.0.1:3000";

// As Node's HTTP server hands it over: a body always comes with its Content-Length (or chunked).
function post(headers: Record<string, string>, body?: string) {
  const length: Record<string, string> = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Request(`${studio}/api/chat/conversations`, { method: "POST", headers: { host: "127.0.0.1:3000", ...length, ...headers }, body });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("cross-origin writes are refused", () => {
  it.each([
    ["another port of the same host", { origin: "http://127.0.0.1:4000" }],
    ["another site", { origin: "https://evil.example" }],
    ["an opaque origin", { origin: "null" }],
    ["a same-site but cross-origin fetch", { "sec-fetch-site": "same-site" }],
    ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
  ])("refuses %s", (_name, headers) => {
    const error = checkOrigin(post(headers));
    expect(error?.code).toBe("cross_origin_refused");
    expect(error?.status).toBe(403);
    expect(error?.fields[0].field).toBe("Origin");
  });

  it.each([
    ["its own origin", { origin: studio, "sec-fetch-site": "same-origin" }],
    ["a non-browser client (no Origin)", {}],
    ["a typed address (Sec-Fetch-Site none)", { "sec-fetch-site": "none" }],
  ])("accepts %s", (_name, headers) => {
    expect(checkOrigin(post(headers))).toBeUndefined();
  });

  it("accepts the public address behind a proxy", () => {
    const request = post({ origin: "https://studio.example", host: "10.0.0.5:3000" });
    expect(checkOrigin(request)?.code).toBe("cross_origin_refused");
    expect(checkOrigin(request, "https://studio.example")).toBeUndefined();
  });

  it("does not check reads", () => {
    const request = new Request(`${studio}/api/me`, { headers: { origin: "https://evil.example" } });
    expect(checkOrigin(request)).toBeUndefined();
  });

  it("refuses a text/plain body where JSON is read (a no-cors form post)", () => {
    const error = checkBodyType(post({ "content-type": "text/plain" }, "{}"), ["application/json"]);
    expect(error?.status).toBe(415);
    expect(error?.fields[0]).toEqual({ field: "Content-Type", message: "must be application/json" });
    expect(checkBodyType(post({ "content-type": "application/json; charset=utf-8" }, "{}"), ["application/json"])).toBeUndefined();
  });

  it("refuses a body on a route that reads none", () => {
    expect(checkBodyType(post({ "content-type": "application/json" }, "{}"), [])?.status).toBe(415);
    expect(checkBodyType(post({}), [])).toBeUndefined();
  });
});

describe("JSON bodies are capped before parsing", () => {
  it("refuses a declared length over the limit without reading", async () => {
    const request = post({ "content-type": "application/json", "content-length": "200000000" });
    const error = await refusal(readJsonBody(request, 1_000));
    expect(error.status).toBe(413);
  });

  it("refuses a streamed body once it passes the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(`{"title":"${"x".repeat(500)}`));
        if (pulled > 1000) controller.close();
      },
    });
    const request = new Request(`${studio}/api/x`, { method: "POST", body: stream, headers: { "content-type": "application/json", "transfer-encoding": "chunked" }, duplex: "half" } as RequestInit);
    const error = await refusal(readJsonBody(request, 2_000));
    expect(error.status).toBe(413);
    // Read on a little (so the client gets the answer, not a reset), then cut off: never all 1000.
    expect(pulled).toBeLessThan(100);
  });

  it("reads a body within the limit and refuses malformed JSON", async () => {
    await expect(readJsonBody(post({ "content-type": "application/json" }, '{"title":"ok"}'))).resolves.toEqual({ title: "ok" });
    const error = await refusal(readJsonBody(post({ "content-type": "application/json" }, "{nope")));
    expect(error.fields[0]).toEqual({ field: "(body)", message: "must be valid JSON" });
  });

  it("refuses a JSON body sent as text/plain", async () => {
    expect((await refusal(readJsonBody(post({ "content-type": "text/plain" }, "{}")))).status).toBe(415);
  });
});

describe("NUL characters and lone surrogates are refused naming the field", () => {
  it("finds them anywhere in a JSON body", () => {
    expect(hostileJson({ title: "a\u0000b" })).toEqual([{ field: "title", message: "must not contain NUL characters (U+0000)" }]);
    expect(hostileJson({ text: "\ud800" })[0].field).toBe("text");
    expect(hostileJson({ images: [{ id: "ok" }, { id: "x\u0000" }] })[0].field).toBe("images[1].id");
    expect(hostileJson({ ok: "😀 fine", n: 1, b: null })).toEqual([]);
  });

  it("finds them in path parameters (raw or percent-encoded) and query values", () => {
    const url = new URL(`${studio}/api/assets/x?cursor=a%00b`);
    expect(checkUrlText(url, {})?.fields).toEqual([{ field: "cursor", message: "must not contain NUL characters (U+0000)" }]);
    expect(checkUrlText(new URL(`${studio}/api/x`), { id: "a\u0000" })?.fields[0].field).toBe("id");
    expect(checkUrlText(new URL(`${studio}/api/x`), { id: "a%00" })?.fields[0].field).toBe("id");
    expect(checkUrlText(new URL(`${studio}/api/x?q=caf%C3%A9`), { id: "abc" })).toBeUndefined();
  });

  it("refuses keys from the prototype chain in bodies", async () => {
    const error = await refusal(readJsonBody(post({ "content-type": "application/json" }, '{"__proto__":{"admin":true}}')));
    expect(error.fields[0]).toEqual({ field: "__proto__", message: '"__proto__" is not an accepted key' });
    expect(hostileJson({ a: { constructor: 1 } })[0].field).toBe("a.constructor");
  });
});
