import { describe, expect, it } from "vitest";
import { AppError, type AppErrorCode } from "@/lib/errors";
import { UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { failureOf, storedFailure } from "./client-error";

const REQUEST_ID = "studio-req-1";

describe("failureOf: the studio's own refusals (AppError)", () => {
  it.each<[AppErrorCode, number]>([
    ["unauthorized", 401],
    ["forbidden", 403],
    ["cross_origin_refused", 403],
    ["not_found", 404],
    ["validation_failed", 400],
    ["conflict", 409],
    ["length_required", 411],
    ["payload_too_large", 413],
    ["storage_quota_exceeded", 413],
    ["unsupported_media_type", 415],
    ["range_not_satisfiable", 416],
    ["rate_limited", 429],
    ["too_many_job_streams", 429],
    ["upstream_failed", 502],
  ])("%s answers %i with its code, message and the studio's request id", (code, status) => {
    const failure = failureOf(new AppError(code, `refused: ${code}`), REQUEST_ID);
    expect(failure).toEqual({ status, headers: {}, error: { code, message: `refused: ${code}`, requestId: REQUEST_ID }, unexpected: false });
  });

  it("keeps the fields of a validation failure", () => {
    const fields = [{ field: "prompt", message: "Too long" }];
    expect(failureOf(new AppError("validation_failed", "prompt: Too long", fields), REQUEST_ID).error).toEqual({
      code: "validation_failed",
      message: "prompt: Too long",
      fields,
      requestId: REQUEST_ID,
    });
  });

  it("any refusal with Retry-After says the wait in the body too, and keeps the header", () => {
    const failure = failureOf(new AppError("rate_limited", "Wait", [], { "Retry-After": "10" }), REQUEST_ID);
    expect(failure.status).toBe(429);
    expect(failure.headers).toEqual({ "Retry-After": "10" });
    expect(failure.error).toEqual({ code: "rate_limited", message: "Wait", requestId: REQUEST_ID, retryAfterSeconds: 10 });
  });
});

describe("failureOf: the image service's failures (UpstreamError)", () => {
  it.each<[UpstreamErrorKind, number]>([
    ["bad_request", 422],
    ["blocked", 422],
    ["rate_limited", 429],
    ["timeout", 504],
    ["aborted", 499],
    ["auth", 502],
    ["server", 502],
    ["network", 502],
    ["invalid_response", 502],
  ])("%s answers %i with the kind as code and the designer's sentence", (kind, status) => {
    const error = new UpstreamError({ kind, upstreamMessage: "upstream internals" });
    const failure = failureOf(error, REQUEST_ID);
    expect(failure).toEqual({ status, headers: {}, error: { code: kind, message: error.userMessage, requestId: REQUEST_ID }, unexpected: false });
    expect(JSON.stringify(failure)).not.toContain("upstream internals");
  });

  it("quotes the image service's request id, never inside the message", () => {
    const failure = failureOf(new UpstreamError({ kind: "server", status: 500, requestId: "up-7" }), REQUEST_ID);
    expect(failure.error.requestId).toBe("up-7");
    expect(failure.error.message).not.toContain("up-7");
  });

  it("names the refused field and passes the service's wait on as body and header", () => {
    expect(failureOf(new UpstreamError({ kind: "bad_request", status: 400, field: "size" }), REQUEST_ID).error).toMatchObject({ code: "bad_request", field: "size" });
    const busy = failureOf(new UpstreamError({ kind: "rate_limited", status: 429, retryAfterSeconds: 3 }), REQUEST_ID);
    expect(busy).toMatchObject({ status: 429, headers: { "Retry-After": "3" }, error: { code: "rate_limited", retryAfterSeconds: 3 } });
  });
});

describe("failureOf: everything else", () => {
  it("an unknown error is internal_error with the request id, and nothing of it leaks", () => {
    const error = new Error('relation "users" does not exist at /srv/studio/lib/db.ts:12 Bearer sk-secret');
    const failure = failureOf(error, REQUEST_ID);
    expect(failure).toEqual({
      status: 500,
      headers: {},
      error: { code: "internal_error", message: "Something went wrong on the studio's server.", requestId: REQUEST_ID },
      unexpected: true,
    });
    for (const leak of ["relation", "/srv", "sk-secret", "db.ts"]) expect(JSON.stringify(failure.error)).not.toContain(leak);
  });

  it.each([new Error("boom"), "a thrown string", undefined, { code: "not_found", message: "looks like an AppError" }])("%s is internal_error too", (thrown) => {
    expect(failureOf(thrown, REQUEST_ID)).toMatchObject({ status: 500, error: { code: "internal_error", requestId: REQUEST_ID }, unexpected: true });
  });

  it("an abort or timeout of the studio's own waiting is aborted (499)", () => {
    for (const name of ["AbortError", "TimeoutError"]) {
      expect(failureOf(new DOMException("stop", name), REQUEST_ID)).toEqual({
        status: 499,
        headers: {},
        error: { code: "aborted", message: "The request was cancelled.", requestId: REQUEST_ID },
        unexpected: false,
      });
    }
  });
});

describe("storedFailure", () => {
  it("stores the same code and sentence, with only the image service's request id", () => {
    expect(storedFailure(new UpstreamError({ kind: "blocked", status: 422, requestId: "up-1" }))).toEqual({
      errorCode: "blocked",
      errorMessage: "Blocked by content safety — adjust the prompt or image and try again.",
      requestId: "up-1",
    });
    expect(storedFailure(new AppError("not_found", "Image x is missing"))).toEqual({ errorCode: "not_found", errorMessage: "Image x is missing", requestId: undefined });
    expect(storedFailure(new Error("SQL said no"))).toEqual({
      errorCode: "internal_error",
      errorMessage: "Something went wrong on the studio's server.",
      requestId: undefined,
    });
  });
});
