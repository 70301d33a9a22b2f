import { randomUUID } from "node:crypto";

/** A refusal raised anywhere in request handling; each endpoint family renders its own body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const newRequestId = () => randomUUID();

// Spec 7.1 gives alpha statuses but no body (not shown): our choice mirrors the video agent's
// 7.3 shape plus an OpenAI-style `type`.
const alphaErrorType = (status: number) =>
  status === 401
    ? "authentication_error"
    : status === 429
      ? "rate_limit_error"
      : status >= 500
        ? "server_error"
        : status === 404
          ? "not_found_error"
          : "invalid_request_error";

export function alphaErrorBody(error: ApiError, requestId: string) {
  return {
    error: { code: error.code, message: error.message, type: alphaErrorType(error.status), param: error.param ?? null },
    request_id: requestId,
  };
}

export const alphaInvalid = (message: string, param?: string) => new ApiError(400, "invalid_parameter", message, param);

/** Spec 7.2 codes; their HTTP statuses are not shown in the spec (our choice). */
export const betaStatusByCode = {
  BadRequest: 400,
  FieldLacking: 400,
  FieldUnwanted: 400,
  FieldInvalid: 400,
  FieldItemCountOutOfRange: 400,
  PageSizeOutOfRange: 400,
  ImageFormatInvalid: 400,
  ImageSizeInvalid: 400,
  ImageDownloadFailure: 400,
  TaskPromptPolicyViolation: 422,
  CreationPolicyViolation: 422,
  AuditSubmitIllegal: 422,
  CreditInsufficient: 402,
  ModelUnavailable: 503,
  Unauthorized: 401,
  Forbidden: 403,
  TaskNotFound: 404,
  QuotaExceeded: 429,
  TooManyRequests: 429,
  InternalServiceFailure: 500,
} as const;

export type BetaCode = keyof typeof betaStatusByCode;

export const betaError = (code: BetaCode, message: string, param?: string) =>
  new ApiError(betaStatusByCode[code], code, message, param);

/** Beta body (not shown in the spec; our choice, same shape as spec 7.3). */
export function betaErrorBody(error: ApiError, requestId: string) {
  return { error: { code: error.code, message: error.message, param: error.param ?? null }, request_id: requestId };
}

export const isBetaPath = (path: string) => path.startsWith("/v1/wand/beta-image");

const faultMessage = (status: number, path: string) =>
  status === 404 ? `no such endpoint on the image service: ${path}` : `injected fault (HTTP ${status})`;

/** Bodies of injected faults and unknown paths on the image port. */
export function imagePortErrorBody(status: number, path: string): unknown {
  const requestId = newRequestId();
  if (isBetaPath(path)) {
    const code: BetaCode = status === 429 ? "TooManyRequests" : status === 404 ? "BadRequest" : "InternalServiceFailure";
    return betaErrorBody(new ApiError(status, code, faultMessage(status, path)), requestId);
  }
  const code = status === 429 ? "concurrency_limit_exceeded" : status === 404 ? "not_found" : "internal_error";
  return alphaErrorBody(new ApiError(status, code, faultMessage(status, path)), requestId);
}
