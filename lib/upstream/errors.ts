// Typed failures of upstream calls (spec 7.1, 7.2). No I/O and no keys here, so route handlers, the
// retry policy and (type-only) the UI can all use it.
import { hasErrorName } from "@/lib/error-name";
import { unreachableMessage } from "@/lib/upstream/reachability/services";

export type UpstreamErrorKind =
  | "bad_request"
  | "auth"
  /**
   * The studio's account at the image service may not do this now: no credit left, the model switched
   * off, or the key not permitted (spec 7.2 CreditInsufficient, ModelUnavailable, Forbidden). Like
   * `auth`, a service problem an administrator must solve, never the designer's fault.
   */
  | "account"
  | "blocked"
  | "rate_limited"
  | "server"
  | "timeout"
  | "network"
  /** No connection could be made at all (refused, no such host): no byte reached the service. */
  | "upstream_unreachable"
  | "aborted"
  | "invalid_response";

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  status?: number;
  field?: string;
  requestId?: string;
  retryAfterSeconds?: number;
  upstreamMessage?: string;
  /** How long the call was allowed to run, for the timeout message. */
  timeoutMs?: number;
  /** Replaces the kind's standard sentence when the caller knows better what happened. */
  userMessage?: string;
  cause?: unknown;
}

/** What an API response carries about a failure; built by `UpstreamError.toJSON`. */
export interface UpstreamErrorJSON {
  kind: UpstreamErrorKind;
  message: string;
  status?: number;
  field?: string;
  requestId?: string;
  retryAfterSeconds?: number;
}

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  readonly kind: UpstreamErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;
  /** The upstream's own wording, for logs; never shown to designers as is. */
  readonly upstreamMessage?: string;
  /** A sentence the UI can show to the designer; the request id to quote is `requestId`, not part of it. */
  readonly userMessage: string;

  constructor(init: UpstreamErrorInit) {
    const userMessage = init.userMessage ?? userMessageFor(init);
    super(technicalMessage(init, userMessage), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.field = init.field;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.upstreamMessage = init.upstreamMessage;
    this.userMessage = userMessage;
  }

  /** Safe for API responses: only the fields below, never the request, its headers or the cause. */
  toJSON(): UpstreamErrorJSON {
    return {
      kind: this.kind,
      message: this.userMessage,
      ...(this.status !== undefined && { status: this.status }),
      ...(this.field !== undefined && { field: this.field }),
      ...(this.requestId !== undefined && { requestId: this.requestId }),
      ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

/** True for BetaUpstreamError too: it keeps the name, and the retry policy treats both alike. */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return hasErrorName(error, "UpstreamError");
}

function userMessageFor(init: UpstreamErrorInit): string {
  switch (init.kind) {
    case "bad_request":
      return init.field
        ? `The image service rejected the value of "${init.field}". Change it and try again.`
        : "The image service rejected the request as malformed. Check the settings and try again.";
    case "auth":
      // spec 5: the key belongs to the server, so the designer cannot fix this.
      return "The studio's API key for the image service was refused. This is a server setting you cannot change: please contact your administrator.";
    case "account":
      return "The studio's account at the image service cannot make this image right now. This is not something you can fix: please contact your administrator.";
    case "blocked":
      return "Blocked by content safety — adjust the prompt or image and try again.";
    case "rate_limited":
      return "The service is busy right now. Please try again in a minute.";
    case "server":
      return "The image service had an internal error. Try again later; if it keeps failing, contact support and quote the request id.";
    case "timeout":
      return init.timeoutMs
        ? `The image service did not answer within ${Math.round(init.timeoutMs / 1000)} seconds. Please try again.`
        : "The image service did not answer in time. Please try again.";
    case "network":
      return "The studio could not reach the image service. Please try again shortly.";
    case "upstream_unreachable":
      return unreachableMessage("image");
    case "aborted":
      return "The request was cancelled.";
    case "invalid_response":
      return "The image service sent an answer the studio could not read.";
  }
}

function technicalMessage(init: UpstreamErrorInit, userMessage: string): string {
  const parts = [`upstream ${init.kind}`];
  if (init.status !== undefined) parts.push(`HTTP ${init.status}`);
  if (init.field) parts.push(`field ${init.field}`);
  if (init.requestId) parts.push(`request_id ${init.requestId}`);
  const detail = init.upstreamMessage ?? userMessage;
  return `${parts.join(", ")}: ${detail}`;
}

// ---------------------------------------------------------------- reading an HTTP error answer

/** HTTP status → kind (spec 7.1). */
export function kindForStatus(status: number): UpstreamErrorKind {
  if (status === 400) return "bad_request";
  if (status === 401 || status === 403) return "auth";
  if (status === 422) return "blocked";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  if (status >= 400) return "bad_request";
  return "invalid_response";
}

/** `Retry-After` as whole seconds from `now`: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its month; Date.parse alone would read "-3" as the year -3.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const MAX_UPSTREAM_MESSAGE_LENGTH = 500;

// Request fields of the alpha endpoints (spec 4.1, 4.2), longest first so `messages` wins over `message`.
const KNOWN_FIELDS = [
  "generate_max_pixels",
  "resize_max_pixels",
  "use_search_tool",
  "tool_call_id",
  "is_generate",
  "tool_calls",
  "image_url",
  "footnote",
  "messages",
  "reasoning",
  "session",
  "content",
  "revise",
  "prompt",
  "images",
  "model",
  "size",
  "seed",
];

function stringAt(value: unknown, ...path: string[]): string | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === "string" && current.length > 0 ? current : undefined;
}

/**
 * The error body shape of the alpha endpoints is not shown (spec 7.1), so the common shapes are
 * tried: `{error: {message, param|field, request_id}, request_id}`, `{message, field}` or plain text.
 * A field named only in the message text is recognised when it is one of the request's fields.
 */
export function describeErrorBody(bodyText: string): { field?: string; requestId?: string; message?: string } {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const message =
    stringAt(body, "error", "message") ??
    stringAt(body, "message") ??
    stringAt(body, "error") ??
    (body === undefined && bodyText.trim() ? bodyText.trim() : undefined);
  const declaredField =
    stringAt(body, "error", "param") ??
    stringAt(body, "error", "field") ??
    stringAt(body, "param") ??
    stringAt(body, "field");
  const requestId = stringAt(body, "request_id") ?? stringAt(body, "error", "request_id");
  return {
    field: declaredField ?? (message ? fieldNamedIn(message) : undefined),
    requestId,
    message: message?.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH),
  };
}

function fieldNamedIn(message: string): string | undefined {
  return KNOWN_FIELDS.find((field) => new RegExp(`(^|[^a-z_])${field}([^a-z_]|$)`, "i").test(message));
}

export interface FromResponseOptions {
  /** Secrets that must not survive into any message (the API key). */
  redact?: readonly string[];
  now?: number;
}

export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join("[redacted]") : result), text);
}

/** Builds the typed error for a non-2xx answer; reads (and so consumes) the body. */
export async function upstreamErrorFromResponse(
  response: Response,
  options: FromResponseOptions = {},
): Promise<UpstreamError> {
  const bodyText = await response.text().catch(() => "");
  const described = describeErrorBody(redactSecrets(bodyText, options.redact));
  return new UpstreamError({
    kind: kindForStatus(response.status),
    status: response.status,
    field: response.status === 400 ? described.field : undefined,
    requestId: described.requestId ?? response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after"), options.now),
    upstreamMessage: described.message,
  });
}
