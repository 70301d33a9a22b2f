import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { authenticateToken } from "@/lib/access-tokens/authenticate-token";
import { runWithToken } from "@/lib/auth/token-request";
import { env } from "@/lib/env";
import { AppError, parseOrThrow } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { failureOf, failureResponse } from "./client-error";
import { checkBodyType, checkOrigin, checkUrlText, isStateChanging, JSON_CONTENT_TYPES, readJsonBody } from "./request-guard";
import { bearerSecret, TOKENS_REFUSED, type TokenPolicy, tokenScopesOf } from "./token-policy";

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (request: Request, context: { params: P; requestId: string }) => Promise<Response>;
type RouteOptions = {
  /**
   * What the route does with a personal access token (`Authorization: Bearer`): the scope it needs
   * (any one of a list), or "refused". Required, so that no route takes tokens by accident.
   */
  tokens: TokenPolicy;
  /** Body media types the handler reads. Default: JSON for state-changing methods, none otherwise. */
  accepts?: readonly string[];
};

/** A route's exported method, with the token policy it declared (test/route-tokens.test.ts lists them). */
export type RouteHandler<P> = { (request: Request, context: RouteContext<P>): Promise<Response>; tokens: TokenPolicy };

// Wraps a route handler: gives it a request id, refuses hostile requests the same way on every route
// (request-guard.ts), logs the outcome, and turns errors into JSON (client-error.ts). Authorization
// is still done inside each handler (requireUser/requireAdmin), never only here.
//
// A request with a Bearer token is a script's: the token is checked here, on every request, against
// the route's declared scope, and the handler runs as the token's owner (lib/auth/token-request). It
// carries no cookie a foreign page could ride, so the Origin checks are not its defence, and its
// answer never sets a cookie.
export function route<P = Record<string, never>>(handler: Handler<P>, options: RouteOptions): RouteHandler<P> {
  const wrapped = async (request: Request, context: RouteContext<P>): Promise<Response> => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    const logger = requestLogger(requestId);
    const started = performance.now();
    const url = new URL(request.url);
    const secret = bearerSecret(request);
    let response: Response;
    try {
      // Static routes have no params at all.
      const params = ((await context.params) ?? {}) as P;
      const accepts = options.accepts ?? (isStateChanging(request.method) ? JSON_CONTENT_TYPES : []);
      if (secret === undefined) {
        const refusal =
          checkOrigin(request, env().STUDIO_PUBLIC_URL) ?? checkUrlText(url, params as object) ?? checkBodyType(request, accepts);
        if (refusal) throw refusal;
        response = await handler(request, { params, requestId });
      } else {
        if (options.tokens === TOKENS_REFUSED) throw tokenNotAccepted();
        const credential = await authenticateToken(secret, tokenScopesOf(options.tokens));
        const refusal = checkUrlText(url, params as object) ?? checkBodyType(request, accepts);
        if (refusal) throw refusal;
        response = await runWithToken(credential, () => handler(request, { params, requestId }));
      }
    } catch (error) {
      response = errorResponse(error, requestId, logger);
    }
    if (secret !== undefined) response.headers.delete("set-cookie");
    response.headers.set("x-request-id", requestId);
    logger.info({ method: request.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started) }, "request");
    return response;
  };
  return Object.assign(wrapped, { tokens: options.tokens });
}

/**
 * next-auth's own endpoints (sign-in, sign-out, its session): they never act for a token, so a
 * request that brings one is refused before next-auth sees it.
 */
export function refusingTokens(handler: (request: NextRequest) => Promise<Response>): ((request: NextRequest) => Promise<Response>) & { tokens: TokenPolicy } {
  const wrapped = async (request: NextRequest): Promise<Response> => {
    if (bearerSecret(request) === undefined) return handler(request);
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    return failureResponse(failureOf(tokenNotAccepted(), requestId), requestId);
  };
  return Object.assign(wrapped, { tokens: TOKENS_REFUSED as TokenPolicy });
}

function tokenNotAccepted(): AppError {
  return new AppError("token_not_accepted", "This route does not accept personal access tokens: it is only for a person signed in in a browser", [
    { field: "Authorization", message: "must not carry a personal access token here" },
  ]);
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
