import type { ErrorDialect } from "./endpoint";
import { ApiError, betaError, betaErrorBody } from "./errors";

/** Spec 8: the beta POST body is at most 20 MB. */
export const BETA_MAX_BODY_BYTES = 20 * 1024 * 1024;

export const betaDialect: ErrorDialect = {
  body: betaErrorBody,
  unauthorized: () => betaError("Unauthorized", "missing or invalid key; send Authorization: Bearer <API_KEY>"),
  overConcurrency: () => betaError("QuotaExceeded", "concurrent execution limit exceeded"),
  // Our choice: an oversized body is BadRequest with HTTP 413; other body problems are plain BadRequest.
  fromBodyError: (error) =>
    error.problem === "too_large" ? new ApiError(413, "BadRequest", error.message) : betaError("BadRequest", error.message),
  maxBodyBytes: BETA_MAX_BODY_BYTES,
};
