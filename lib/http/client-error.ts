import "server-only";
import { AppError, type ClientError } from "@/lib/errors";
import { log } from "@/lib/log";
import { UpstreamError } from "@/lib/upstream/errors";

// What a browser may learn about a failure inside a streamed answer: typed, explainable, no internals.
export function toClientError(error: unknown, studioRequestId: string): ClientError {
  if (error instanceof UpstreamError) {
    const json = error.toJSON();
    return { code: json.kind, message: json.message, field: json.field, requestId: json.requestId, retryAfterSeconds: json.retryAfterSeconds };
  }
  if (error instanceof AppError) return { code: error.code, message: error.message, fields: error.fields };
  log.error({ err: error, requestId: studioRequestId }, "unhandled error in streamed answer");
  return { code: "internal_error", message: `Something went wrong on the studio's server (request ${studioRequestId})` };
}
