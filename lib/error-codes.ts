// The studio's error codes, their HTTP statuses and the failure shape the browser receives: zod-free,
// so client components can name and show failures without loading zod (lib/errors adds the server's
// AppError and the zod-based checks).
import type { UpstreamErrorKind } from "@/lib/upstream/errors";

export type FieldProblem = { field: string; message: string };

export const statusByCode = {
  unauthorized: 401,
  /** A Bearer token that is not a studio token, or no token of this studio (lib/access-tokens). */
  token_invalid: 401,
  token_expired: 401,
  token_revoked: 401,
  /** The token's owner is disabled by an admin. */
  token_owner_disabled: 401,
  /** An admin has turned personal access tokens off. */
  tokens_disabled: 401,
  /** The route never acts for a token (account, sessions, tokens, admin, sign-in). */
  token_not_accepted: 403,
  /** The token lacks the scope the route needs. */
  token_scope_missing: 403,
  forbidden: 403,
  cross_origin_refused: 403,
  not_found: 404,
  validation_failed: 400,
  conflict: 409,
  /** Spec 3.1: a running video job cannot be cancelled. */
  cannot_cancel: 409,
  /** Spec 3.2: the video service's loaded mode does not suit the task now. */
  partition_unusable: 409,
  length_required: 411,
  payload_too_large: 413,
  /**
   * What would be stored does not fit in the person's or the team's storage quota
   * (lib/storage-quota). Not 429: waiting frees no room; deleting work or a larger quota does.
   */
  storage_quota_exceeded: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  /** One person's open job streams are at JOB_STREAMS_PER_USER (lib/http/limits). */
  too_many_job_streams: 429,
  /**
   * A start whose estimated cost does not fit in a budget that binds it (lib/budgets); the message
   * names the budget, what is left and when it resets.
   */
  budget_exceeded: 429,
  upstream_failed: 502,
  /**
   * A service the request needs could not be connected to at all (lib/upstream/reachability): no
   * byte was sent, so nothing was started or charged there. Its reachability is shown before a click.
   */
  upstream_unreachable: 503,
  /**
   * The studio's own storage is full or refuses writes (lib/storage/storage-failure). Not a 500:
   * nothing is wrong with the request, and trying again only helps once an admin has made room.
   */
  storage_failed: 507,
  /**
   * The studio's object store did not connect or answer in time (lib/storage/s3-blob-store): the
   * request is not wrong, and the same request succeeds once the store answers again.
   */
  storage_unavailable: 503,
  /**
   * The studio's database could not be reached or dropped the connection (a restart, a failover):
   * nothing was done, and the same request succeeds once it is back, usually within seconds.
   */
  database_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** The HTTP status the studio answers a refusal of this code with. */
export function statusOfCode(code: AppErrorCode): number {
  return statusByCode[code];
}

/**
 * Every failure the studio's server reports, in HTTP answers, streamed answers and stored rows: its
 * own refusals (AppError), the image service's failures (spec 7.1, lib/upstream/errors), a cancelled
 * request, and anything else (`internal_error`, whose details stay in the server's log).
 */
export type ErrorCode = AppErrorCode | UpstreamErrorKind | "aborted" | "internal_error";

/** Failures only the browser can notice: the studio was out of reach, or its answer broke off or was not its JSON. */
export type BrowserErrorCode = "offline" | "stream_ended" | "busy" | "unexpected_answer";

/**
 * A failure as the browser receives it, in JSON bodies and streamed answers alike (built by
 * lib/http/client-error). `message` is a whole sentence for the designer; `requestId` is the one to
 * quote (the image service's when it gave one, else the studio's) and never part of `message`.
 */
export type ClientError = {
  code: ErrorCode | BrowserErrorCode;
  message: string;
  field?: string;
  fields?: FieldProblem[];
  requestId?: string;
  retryAfterSeconds?: number;
};

/** A zod error's issues as field problems; structural, so the browser can use it without importing zod. */
export function fieldProblems(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "(body)", message: issue.message }));
}
