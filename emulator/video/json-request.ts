import type { z } from "zod";
import { VideoApiError, invalidJson } from "./errors";

/** Reads a UTF-8 JSON object body of at most `maxBytes` (spec 4.4, spec 8: 64 MiB by default). */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () => new VideoApiError(413, "request_too_large", `request body exceeds ${maxBytes} bytes`);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw invalidJson("request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw invalidJson("request body must be a JSON object");
  return parsed as Record<string, unknown>;
}

/** Dotted parameter name of a zod path, e.g. `target.short_edge` or `conditions[1].uri`. */
function paramName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), "");
}

/**
 * Spec 7.3: undeclared fields and wrongly typed values are `invalid_json`, with `param` naming
 * the first offending field.
 */
export function parseShape<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const param = paramName([...issue.path, issue.keys[0]!]);
    throw invalidJson(`undeclared field ${param}`, param);
  }
  const param = paramName(issue.path);
  throw invalidJson(`${param || "body"}: ${issue.message}`, param || null);
}
