// Checks every API request passes before its handler runs (route() applies them), so a hostile
// request is refused the same way on every route: a foreign origin, a body of the wrong type or
// size, and text that cannot be stored (NUL, lone surrogates) in the path, the query or JSON.
import { AppError, type FieldProblem } from "@/lib/errors";
import { textProblem } from "@/lib/validation/text";
import { JSON_BODY_MAX_BYTES } from "./limits";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const JSON_CONTENT_TYPES = ["application/json"] as const;
// Keys that would reach Object.prototype through careless merging; no studio body uses them.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

// A browser always sends Origin (and Sec-Fetch-Site) with a state-changing fetch or form post, so a
// page on another origin (even another port of this host, which shares our SameSite cookies) is
// recognised here. Clients that send neither are not browsers and cannot ride a user's cookie.
export function checkOrigin(request: Request, publicOrigin?: string): AppError | undefined {
  if (!isStateChanging(request.method)) return undefined;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return crossOrigin(`Sec-Fetch-Site is ${fetchSite}`);
  }
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  if (origin === "null") return crossOrigin("Origin is null (an opaque origin)");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return crossOrigin("Origin is not a URL");
  }
  const ownHosts = [request.headers.get("x-forwarded-host"), request.headers.get("host"), publicOrigin && new URL(publicOrigin).host];
  if (ownHosts.some((host) => host && host.toLowerCase() === originHost.toLowerCase())) return undefined;
  return crossOrigin(`Origin ${origin} is not this studio`);
}

function crossOrigin(reason: string): AppError {
  return new AppError("cross_origin_refused", `Cross-origin request refused: ${reason}`, [{ field: "Origin", message: "must be this studio's own origin" }]);
}

function mediaType(request: Request): string | undefined {
  return request.headers.get("content-type")?.split(";")[0].trim().toLowerCase() || undefined;
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding");
}

/** A body must be of a type the route reads; a route that reads none accepts no body at all. */
export function checkBodyType(request: Request, accepts: readonly string[]): AppError | undefined {
  if (!hasBody(request)) return undefined;
  const type = mediaType(request);
  if (type && accepts.includes(type)) return undefined;
  const expected = accepts.length ? accepts.join(" or ") : "no body";
  return new AppError("unsupported_media_type", `Content-Type ${type ?? "(none)"} is not accepted here: send ${expected}`, [
    { field: "Content-Type", message: `must be ${expected}` },
  ]);
}

/** Refuses a declared Content-Length over `maxBytes` before a byte of the body is read. */
export function checkDeclaredLength(request: Request, maxBytes: number, field = "(body)"): AppError | undefined {
  const length = Number(request.headers.get("content-length") ?? 0);
  return length > maxBytes ? tooLarge(maxBytes, field) : undefined;
}

function tooLarge(maxBytes: number, field: string): AppError {
  return new AppError("payload_too_large", `The request body is larger than ${maxBytes} bytes`, [{ field, message: `must be at most ${maxBytes} bytes` }]);
}

/** Path parameters and query values must be storable text, like every other user input. */
export function checkUrlText(url: URL, params: object): AppError | undefined {
  const problems: FieldProblem[] = [];
  for (const [name, value] of Object.entries(params)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      const problem = typeof text === "string" ? (textProblem(text) ?? textProblem(safeDecode(text))) : undefined;
      if (problem) problems.push({ field: name, message: problem });
    }
  }
  for (const [name, value] of url.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) problems.push({ field: textProblem(name) ? "(query)" : name, message: problem });
  }
  return problems.length ? new AppError("validation_failed", `${problems[0].field}: ${problems[0].message}`, problems) : undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reads a JSON body within the size limit, counting the bytes as they stream in. */
export async function readJsonBody(request: Request, maxBytes = JSON_BODY_MAX_BYTES): Promise<unknown> {
  const declared = checkDeclaredLength(request, maxBytes);
  if (declared) throw declared;
  const type = mediaType(request);
  if (type !== "application/json") {
    throw new AppError("unsupported_media_type", `Content-Type ${type ?? "(none)"} is not accepted here: send application/json`, [
      { field: "Content-Type", message: "must be application/json" },
    ]);
  }
  const text = await readTextWithin(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "The request body must be valid JSON", [{ field: "(body)", message: "must be valid JSON" }]);
  }
  const problems = hostileJson(value);
  if (problems.length) throw new AppError("validation_failed", `${problems[0].field}: ${problems[0].message}`, problems);
  return value;
}

async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, size, maxBytes);
      throw tooLarge(maxBytes, "(body)");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

// A client still sending when the 413 goes out sees its connection reset, not the answer. Reading
// (and dropping) a little more lets a moderately oversized body get its 413; a huge one is cut off.
const DISCARD_FACTOR = 16;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number, maxBytes: number): Promise<void> {
  let size = alreadyRead;
  while (size <= DISCARD_FACTOR * maxBytes) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader.cancel();
}

/** Every string and key in a parsed JSON value that cannot be stored or would reach a prototype. */
export function hostileJson(value: unknown, path = ""): FieldProblem[] {
  const field = path || "(body)";
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? [{ field, message: problem }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => hostileJson(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) return [{ field: at, message: `"${key}" is not an accepted key` }];
    const keyProblem = textProblem(key);
    if (keyProblem) return [{ field: path || "(body)", message: `a key ${keyProblem}` }];
    return hostileJson(item, at);
  });
}
