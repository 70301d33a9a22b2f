import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import type { z } from "zod";
import { parseOrThrow } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { failureOf, failureResponse } from "./client-error";
import { checkBodyType, checkOrigin, checkUrlText, isStateChanging, JSON_CONTENT_TYPES, readJsonBody } from "./request-guard";

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (request: Request, context: { params: P; requestId: string }) => Promise<Response>;
type RouteOptions = {
  /** Body media types the handler reads. Default: JSON for state-changing methods, none otherwise. */
  accepts?: readonly string[];
};

// Wraps a route handler: gives it a request id, refuses hostile requests the same way on every route
// (request-guard.ts), logs the outcome, and turns errors into JSON (client-error.ts). Authorization
// is still done inside each handler (requireUser/requireAdmin), never only here.
export function route<P = Record<string, never>>(handler: Handler<P>, options: RouteOptions = {}) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    const logger = requestLogger(requestId);
    const started = performance.now();
    const url = new URL(request.url);
    let response: Response;
    try {
      // Static routes have no params at all.
      const params = ((await context.params) ?? {}) as P;
      const accepts = options.accepts ?? (isStateChanging(request.method) ? JSON_CONTENT_TYPES : []);
      const refusal =
        checkOrigin(request, env().STUDIO_PUBLIC_URL) ?? checkUrlText(url, params as object) ?? checkBodyType(request, accepts);
      if (refusal) throw refusal;
      response = await handler(request, { params, requestId });
    } catch (error) {
      response = errorResponse(error, requestId, logger);
    }
    response.headers.set("x-request-id", requestId);
    logger.info({ method: request.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started) }, "request");
    return response;
  };
}

function errorResponse(error: unknown, requestId: string, logger: ReturnType<typeof requestLogger>): Response {
  const failure = failureOf(error, requestId);
  if (failure.unexpected) logger.error({ err: error }, "unhandled error");
  return failureResponse(failure, requestId);
}

/** The query string through a zod schema, refused with the same error shape as a body. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  return parseOrThrow(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/** The JSON body, read within the size limit and free of text that cannot be stored. */
export function readJson(request: Request): Promise<unknown> {
  return readJsonBody(request);
}
