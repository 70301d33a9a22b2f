// How a call to the video agent (spec 4.4) or the video inference server (spec 4.5) fails (the one
// function both clients send requests through, ./http, classifies every failure as one of these):
// an HTTP refusal (VideoApiError, spec 7.3 body), no answer at all (VideoTransportError), or a 2xx
// answer the studio cannot read (VideoResponseError). The clients never retry: the video steps decide,
// from these types, `retryAfterSeconds` and `provesNotCreated`, whether and when to try again.
import "server-only";
import { hasErrorName } from "@/lib/error-name";
import { parseRetryAfter } from "@/lib/upstream/errors";

/** Which service failed, for messages and logs; the two APIs are separate (spec, "Addresses"). */
export type VideoService = "video agent" | "video inference server";

/** The service answered with an HTTP error status. `code` is spec 7.3 `error.code`, or `http_<status>` when the body has none. */
export class VideoApiError extends Error {
  override readonly name = "VideoApiError";
  readonly status: number;
  readonly code: string;
  /** Spec 7.3 `param`: the offending request field, when the service named one. */
  readonly param: string | null;
  readonly requestId: string | null;
  /** From `Retry-After` (delta-seconds or an HTTP date): spec 7.3 gives it with 429 `queue_full` and the 503s. */
  readonly retryAfterSeconds: number | null;
  /** The service's own wording, for logs and diagnosis; branch on `code`, never on this (spec 7.3). */
  readonly upstreamMessage: string | null;

  constructor(init: {
    service: VideoService;
    status: number;
    code: string;
    param: string | null;
    requestId: string | null;
    retryAfterSeconds: number | null;
    upstreamMessage: string | null;
  }) {
    const param = init.param ? `, param ${init.param}` : "";
    const requestId = init.requestId ? `, request_id ${init.requestId}` : "";
    super(`${init.service} answered HTTP ${init.status} ${init.code}${param}${requestId}: ${init.upstreamMessage ?? "no message"}`);
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.upstreamMessage = init.upstreamMessage;
  }
}

export function isVideoApiError(error: unknown): error is VideoApiError {
  return hasErrorName(error, "VideoApiError");
}

/**
 * No answer arrived: the time limit passed or the connection failed. For a POST the outcome is
 * UNKNOWN (the service may have created the job before the answer was lost): never resend it blindly.
 */
export class VideoTransportError extends Error {
  override readonly name = "VideoTransportError";
  readonly kind: "timeout" | "network";

  constructor(kind: "timeout" | "network", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export function isVideoTransportError(error: unknown): error is VideoTransportError {
  return hasErrorName(error, "VideoTransportError");
}

/** The service answered 2xx, but the body is not what the spec describes (for a POST the job may exist). */
export class VideoResponseError extends Error {
  override readonly name = "VideoResponseError";
  readonly status: number;

  constructor(service: VideoService, status: number, detail: string) {
    super(`${service} answered HTTP ${status} with a body the studio cannot read: ${detail.slice(0, 300)}`);
    this.status = status;
  }
}

export function isVideoResponseError(error: unknown): error is VideoResponseError {
  return hasErrorName(error, "VideoResponseError");
}

/**
 * True when the error proves the agent created nothing, so the same submit may be sent again:
 * - every 4xx refusal (validation, `queue_full` 429, a 409, 413 for a body too large...): the agent
 *   refuses a request before it creates a job (spec 3.1: only an accepted request creates one);
 * - except 408 Request Timeout, which a proxy in front of the agent may send after forwarding the
 *   request: a wrong "not created" would submit the job twice, a wrong "unknown" only costs one
 *   reconciliation by listing;
 * - 503 (spec 7.3 `moderation_unavailable`, `partition_detect_failed`: refused, "retry as told").
 * Unknown (false): 500 (the agent may have failed after storing the job), 502/504 from a gateway,
 * transport errors, a 2xx the studio cannot read, and anything else.
 */
export function provesNotCreated(error: unknown): boolean {
  if (!isVideoApiError(error)) return false;
  if (error.status === 503) return true;
  return error.status >= 400 && error.status < 500 && error.status !== 408;
}

// ---------------------------------------------------------------- reading a refusal

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

const MAX_UPSTREAM_MESSAGE_LENGTH = 500;

/**
 * Spec 7.3 body `{error: {code, message, param}, request_id}`; any other body falls back on the status.
 * Reads (consumes) the body. Exported for a `read` that accepted a status first (see `readsStatus`).
 */
export async function videoApiErrorFrom(response: Response, service: VideoService): Promise<VideoApiError> {
  // A body lost half-way still leaves the status, which is what the refusal is about.
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = nonEmptyString(error?.code);
  return new VideoApiError({
    service,
    status: response.status,
    code: code ?? `http_${response.status}`,
    param: nonEmptyString(error?.param),
    requestId: (isRecord(body) ? nonEmptyString(body.request_id) : null) ?? response.headers.get("x-request-id"),
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")) ?? null,
    // Without a spec 7.3 body the text may be a proxy's HTML page: not worth keeping.
    upstreamMessage: code ? (nonEmptyString(error?.message)?.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH) ?? null) : null,
  });
}
