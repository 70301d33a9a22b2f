import "server-only";
import { AppError } from "@/lib/errors";
import { isInvalidEnvironmentError } from "@/lib/settings";
import { connectionFailureCode } from "@/lib/upstream/reachability/connection-failure";
import { isVideoApiError, isVideoResponseError, isVideoTransportError, type VideoService } from "@/lib/upstream/video/errors";

/**
 * A failed call to the video agent or the inference server as the studio answers it: never a
 * 500 for a service that is down. The message keeps what the service said (an admin diagnosing it
 * compares the code, field, wording and request id with its logs, spec 7.3).
 * Anything else is returned as it is, for route() to treat as the studio's own failure.
 */
export function videoServiceFailure(error: unknown, service: VideoService, action: string): unknown {
  if (isVideoApiError(error)) {
    const param = error.param ? ` (field ${error.param})` : "";
    const wording = error.upstreamMessage ? `: “${error.upstreamMessage}”` : "";
    const requestId = error.requestId ? ` Its request id: ${error.requestId}.` : "";
    const wait = error.retryAfterSeconds !== null ? ` It asks to try again in ${error.retryAfterSeconds} s.` : "";
    const message = `The ${service} refused to ${action}: HTTP ${error.status} ${error.code}${param}${wording}.${wait}${requestId}`;
    const headers: Record<string, string> = error.retryAfterSeconds !== null ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    if (error.status === 404) return new AppError("not_found", message);
    if (error.status === 409) return new AppError("conflict", message);
    return new AppError("upstream_failed", message, [], headers);
  }
  const unreachable = connectionFailureCode(error);
  if (unreachable) {
    return new AppError("upstream_unreachable", `The ${service} is unreachable: the studio could not connect to it (${unreachable}) to ${action}. Try again once it is back.`);
  }
  if (isVideoTransportError(error)) {
    return new AppError(
      "upstream_failed",
      error.kind === "timeout"
        ? `The ${service} did not answer in time when asked to ${action}. It may be overloaded or down: ${error.message}.`
        : `The studio could not reach the ${service} to ${action}. Check that it is running and that its address is right: ${error.message}.`,
    );
  }
  if (isVideoResponseError(error)) {
    return new AppError("upstream_failed", `The ${service} answered, but not in a form the studio can read, when asked to ${action}: ${error.message}.`);
  }
  // The studio's own settings name the variable, never a secret's value.
  if (isInvalidEnvironmentError(error)) return new AppError("upstream_failed", `The ${service} is not configured: ${error.message}.`);
  return error;
}

/** What an audit row keeps of a failed request: the service's code and request id, to find it in its logs. */
export function upstreamFailureDetails(error: unknown): Record<string, string | number | null> {
  if (isVideoApiError(error)) return { httpStatus: error.status, code: error.code, requestId: error.requestId };
  if (isVideoTransportError(error)) return { code: error.kind };
  if (isVideoResponseError(error)) return { httpStatus: error.status, code: "invalid_response" };
  return { code: "internal_error" };
}
