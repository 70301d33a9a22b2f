import { alphaErrorBody, alphaInvalid, ApiError } from "./errors";
import type { ErrorDialect } from "./endpoint";

/** Our choice: alpha bodies up to 64 MiB (3 × 10 MB Base64 images fit; the real cap is not shown). */
const ALPHA_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Spec 7.1: alpha statuses 400 / 401 / 422 / 429 / 500. */
export const alphaDialect: ErrorDialect = {
  body: alphaErrorBody,
  unauthorized: () => new ApiError(401, "invalid_api_key", "missing or invalid key; send Authorization: Bearer <API_KEY>"),
  overConcurrency: () => new ApiError(429, "concurrency_limit_exceeded", "too many concurrent requests; retry with backoff"),
  fromBodyError: (error) => alphaInvalid(error.message),
  maxBodyBytes: ALPHA_MAX_BODY_BYTES,
};

export const contentFilterError = (stage: "input" | "output") =>
  new ApiError(422, "content_filter", `${stage} blocked by content-safety policy`);
