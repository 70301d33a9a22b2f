export type BodyProblem = "content_type" | "too_large" | "malformed";

export class BodyError extends Error {
  constructor(
    readonly problem: BodyProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON object body of at most `maxBytes`; all image endpoints take application/json (spec 4). */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("application/json")) {
    throw new BodyError("content_type", "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyError("too_large", `request body exceeds ${maxBytes} bytes`);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new BodyError("too_large", `request body exceeds ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BodyError("malformed", "request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new BodyError("malformed", "request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}
