import type { MiddlewareHandler } from "hono";
import { appliedFault } from "./faults";

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  /** ISO time the request arrived. */
  time: string;
  durationMs: number;
  headers: Record<string, string>;
  /** Fault kind injected into this request, if any. */
  fault?: string;
  /** The client closed the connection before the answer was complete (a cancelled call). */
  clientClosed?: true;
  /** A JSON body up to LOGGED_BODY_MAX_BYTES, parsed: tests read the settings a client really sent. */
  body?: unknown;
}

const MAX_ENTRIES = 1000;
// Settings are small; a body carrying images inline would only fill the log.
const LOGGED_BODY_MAX_BYTES = 64 * 1024;

/** Requests seen by one port, oldest first, with credentials redacted. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  record(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
  }

  list(): RequestLogEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}

// Object.fromEntries defines own properties: a request header named "__proto__" is logged like any
// other instead of being taken for the object's prototype.
function redactedHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].map(([name, value]) => [name, name === "authorization" ? redactAuthorization(value) : value]));
}

// Keeps the scheme visible (so a test can see a non-Bearer form was sent) but never the secret.
function redactAuthorization(value: string): string {
  const scheme = value.split(" ")[0];
  return scheme.toLowerCase() === "bearer" ? "Bearer ***" : `${scheme} ***`;
}

/** Records every request except the control endpoints themselves. */
export function requestLogMiddleware(log: RequestLog): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.startsWith("/__emulator")) return next();
    const started = Date.now();
    const url = new URL(c.req.url);
    const body = loggedBody(c.req.raw);
    try {
      await next();
    } finally {
      const fault = appliedFault(c.req.raw);
      log.record({
        method: c.req.method,
        path: c.req.path,
        query: url.search,
        status: fault === "drop" || fault === "lose-answer" ? 0 : c.res.status,
        time: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        headers: redactedHeaders(c.req.raw.headers),
        ...(fault ? { fault } : {}),
        ...(c.req.raw.signal.aborted ? { clientClosed: true as const } : {}),
        ...((await body) !== undefined ? { body: await body } : {}),
      });
    }
  };
}

/** The request's JSON body, read from a copy so the handler still streams the original. */
async function loggedBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!request.headers.get("content-type")?.includes("json") || !(length <= LOGGED_BODY_MAX_BYTES)) return undefined;
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
}
