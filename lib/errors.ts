import type { z } from "zod";
import { hasErrorName } from "@/lib/error-name";
import { fieldProblems, statusByCode, type AppErrorCode, type FieldProblem } from "@/lib/error-codes";

export * from "@/lib/error-codes";

// An error a user or client can act on, answered with its status, code and message (and a
// `Retry-After` header's wait as `retryAfterSeconds`) by lib/http/client-error. What is neither an
// AppError nor the image service's UpstreamError is logged and answered as `internal_error` with the
// request id, so internals (SQL, stack traces, keys) never reach a browser.
export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, ...(this.fields.length ? { fields: this.fields } : {}) } };
  }
}

export function isAppError(error: unknown): error is AppError {
  return hasErrorName(error, "AppError");
}

export function validationError(error: z.ZodError): AppError {
  const fields = fieldProblems(error);
  const first = fields[0];
  return new AppError("validation_failed", first ? `${first.field}: ${first.message}` : "Invalid request", fields);
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
