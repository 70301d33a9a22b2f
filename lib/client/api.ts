import { hasErrorName } from "@/lib/error-name";
import type { ClientError } from "@/lib/errors";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly error: ClientError,
  ) {
    super(error.message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return hasErrorName(error, "ApiError");
}

// fetch for the studio's own JSON API: a non-2xx answer becomes an ApiError carrying the server's
// field and rule, so forms can show exactly what was refused.
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    headers: { ...(json !== undefined && { "Content-Type": "application/json" }), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!response.ok) throw await apiErrorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

// An answer without the studio's error body (a proxy's page, a crash before route() ran) still
// becomes a ClientError, with the status in its message.
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: ClientError } | null;
  return new ApiError(response.status, body?.error ?? { code: "unexpected_answer", message: `The studio answered ${response.status} without saying why.` });
}
