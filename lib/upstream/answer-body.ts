// Reading an upstream answer's JSON body, shared by the clients so that an answer the studio cannot
// read fails the same way (invalid_response, with the request id when one can be found) everywhere.
import "server-only";
import { UpstreamError } from "@/lib/upstream/errors";

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw unreadable(response, undefined, `body is not JSON: ${text.slice(0, 200)}`);
  }
}

export function unreadable(response: Response, body: unknown, detail: string): UpstreamError {
  const requestId =
    typeof body === "object" && body !== null && typeof (body as { request_id?: unknown }).request_id === "string"
      ? (body as { request_id: string }).request_id
      : (response.headers.get("x-request-id") ?? undefined);
  return new UpstreamError({ kind: "invalid_response", status: response.status, requestId, upstreamMessage: detail.slice(0, 500) });
}
