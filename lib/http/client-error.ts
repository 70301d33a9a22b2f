import "server-only";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { type ClientError, isAppError, statusOfCode } from "@/lib/errors";
import { isUpstreamError, parseRetryAfter, type UpstreamErrorKind } from "@/lib/upstream/errors";

/** A database restart takes seconds; a client that waits this long usually finds it back. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A failure as the studio answers it: HTTP status and headers, the body's `error`, and whether nobody expected it (log it). */
type Failure = { status: number; headers: Record<string, string>; error: ClientError; unexpected: boolean };

// A failure of the image service as the studio's own answer: 422 for what the request said (a
// refused value, a content-safety block), 429 while it is busy, 504 when it did not answer in time,
// 503 when no connection to it could be made,
// 499 when the studio's client cancelled, and 502 when the service failed otherwise (its key or the
// studio's account refused, an internal error, out of reach, an unreadable answer).
export const statusByUpstreamKind: Record<UpstreamErrorKind, number> = {
  bad_request: 422,
  blocked: 422,
  rate_limited: 429,
  timeout: 504,
  aborted: 499,
  auth: 502,
  account: 502,
  server: 502,
  network: 502,
  upstream_unreachable: 503,
  invalid_response: 502,
};

// The studio's request id stays beside `error` too, where clients of the API have always read it.
/** A failure as route()'s JSON answer; also the proxy's, for what it refuses before any route runs. */
export function failureResponse(failure: Failure, requestId: string): Response {
  return Response.json({ error: failure.error, requestId }, { status: failure.status, headers: { ...failure.headers, "x-request-id": requestId } });
}

/**
 * What a browser may learn about any error: typed, explainable, no internals. `requestId` is the
 * studio's request, quoted unless the image service named its own. The one mapping behind route()'s
 * JSON answers, the `error` events of streamed answers and the stored failure of a generation or turn.
 */
export function failureOf(error: unknown, requestId?: string): Failure {
  if (isAppError(error)) {
    const retryAfterSeconds = retryAfterOf(error.headers);
    return {
      status: error.status,
      headers: error.headers,
      error: { ...error.toJSON().error, ...(requestId && { requestId }), ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) },
      unexpected: false,
    };
  }
  if (isUpstreamError(error)) {
    const { kind, message, field, requestId: upstreamRequestId, retryAfterSeconds } = error.toJSON();
    const quoted = upstreamRequestId ?? requestId;
    return {
      status: statusByUpstreamKind[kind],
      headers: retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {},
      error: { code: kind, message, ...(field && { field }), ...(quoted && { requestId: quoted }), ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) },
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: statusOfCode("database_unavailable"),
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      error: {
        code: "database_unavailable",
        message: "The studio's database is unreachable for the moment (a restart or a network cut). Nothing was done; try again in a few seconds.",
        ...(requestId && { requestId }),
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      },
      unexpected: false,
    };
  }
  if (isAbort(error)) {
    return { status: 499, headers: {}, error: { code: "aborted", message: "The request was cancelled.", ...(requestId && { requestId }) }, unexpected: false };
  }
  return {
    status: 500,
    headers: {},
    error: { code: "internal_error", message: "Something went wrong on the studio's server.", ...(requestId && { requestId }) },
    unexpected: true,
  };
}

/**
 * The `errorCode`, `errorMessage` and `requestId` columns of a failed generation or turn: the
 * failure the browser sees, with only the image service's request id (the column holds the
 * upstream's id of successful rows too; the studio's own request is in its log).
 */
export function storedFailure(error: unknown): { errorCode: string; errorMessage: string; requestId: string | undefined } {
  const { code, message, requestId } = failureOf(error).error;
  return { errorCode: code, errorMessage: message, requestId };
}

// The wait a refusal asks for, also in the body, for clients that cannot read headers.
function retryAfterOf(headers: Record<string, string>): number | undefined {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === "retry-after")?.[1];
  return value === undefined ? undefined : parseRetryAfter(value);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}
