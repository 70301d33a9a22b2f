import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Error codes of spec 7.3, plus the codes the spec leaves open, marked "our choice":
 * invalid_conditions (condition structure), partition_mismatch (task needs the other partition),
 * request_too_large (body over the 64 MiB limit of spec 8) and generation_failed (failed job).
 */
export type VideoErrorCode =
  | "invalid_json"
  | "missing_prompt"
  | "invalid_task"
  | "conflicting_duration"
  | "unsafe_resolution"
  | "invalid_aspect_ratio"
  | "invalid_conditions"
  | "not_found"
  | "content_not_ready"
  | "cannot_cancel"
  | "partition_switching"
  | "partition_has_pending_jobs"
  | "partition_mismatch"
  | "queue_full"
  | "moderation_unavailable"
  | "partition_detect_failed"
  | "request_too_large"
  | "internal_error";

/** A refusal of one request; rendered as the spec 7.3 body. */
export class VideoApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: VideoErrorCode,
    message: string,
    readonly param: string | null = null,
    /** Seconds for the Retry-After header (spec 7.3: 429 queue_full and the 503s). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const newRequestId = () => `req_${randomUUID().replaceAll("-", "")}`;

/** Spec 7.3 body: `{error: {code, message, param}, request_id}`. */
function videoErrorBody(code: string, message: string, param: string | null, requestId: string) {
  return { error: { code, message, param }, request_id: requestId };
}

function errorResponse(c: Context, error: VideoApiError, requestId = newRequestId()): Response {
  if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return c.json(videoErrorBody(error.code, error.message, error.param, requestId), error.status);
}

/** onError handler of both video apps: refusals keep their code, anything else is a 500 internal_error. */
export function handleVideoError(error: Error, c: Context): Response {
  if (error instanceof VideoApiError) return errorResponse(c, error);
  // Spec 7.3: a 500's request_id is compared with the server log, so the log carries it.
  const requestId = newRequestId();
  console.error(`[video] internal error, request_id ${requestId}:`, error);
  return errorResponse(c, new VideoApiError(500, "internal_error", "internal error"), requestId);
}

export const invalidJson = (message: string, param: string | null = null) => new VideoApiError(400, "invalid_json", message, param);
export const notFound = (id: string) => new VideoApiError(404, "not_found", `no video job with id ${id}`, "id");
export const cdnNotFound = () => new VideoApiError(404, "not_found", "no such CDN object");
