import { z } from "zod";

export type FieldProblem = { field: string; message: string };

/** A failure as the browser receives it, in JSON bodies and streamed answers alike. */
export type ClientError = {
  code: string;
  message: string;
  field?: string;
  fields?: FieldProblem[];
  requestId?: string;
  retryAfterSeconds?: number;
};

const statusByCode = {
  unauthorized: 401,
  forbidden: 403,
  cross_origin_refused: 403,
  not_found: 404,
  validation_failed: 400,
  conflict: 409,
  length_required: 411,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  upstream_failed: 502,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

// An error a user or client can act on. Everything else is logged and answered as a plain 500 with
// the request id, so internals (SQL, stack traces, keys) never reach a browser.
export class AppError extends Error {
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

export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message }));
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
