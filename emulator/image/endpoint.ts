import type { Context } from "hono";
import type { Clock } from "../core/clock";
import type { BetaAccount } from "./beta-account";
import type { EmulatorConfig } from "../core/config";
import { authorizedKey } from "./auth";
import type { ConcurrencyGate } from "./concurrency";
import { ApiError, newRequestId } from "./errors";
import type { FileStore } from "./files";
import { BodyError, readJsonObject } from "./json-body";

/** What every image endpoint shares. */
export interface ImageDeps {
  config: EmulatorConfig;
  files: FileStore;
  gate: ConcurrencyGate;
  clock: Clock;
  betaAccount: BetaAccount;
}

/** How one endpoint family (alpha or beta) words its refusals. */
export interface ErrorDialect {
  body(error: ApiError, requestId: string): unknown;
  unauthorized(): ApiError;
  overConcurrency(): ApiError;
  fromBodyError(error: BodyError): ApiError;
  maxBodyBytes: number;
}

export interface RequestScope {
  requestId: string;
  /** The Bearer key the request was authorized with. */
  apiKey: string;
  body: Record<string, unknown>;
  deps: ImageDeps;
  /** Keeps the concurrency slot past the handler's return (streamed answers); call the result when done. */
  keepSlot(): () => void;
}

const RETRY_AFTER_SECONDS = "1";

export function errorResponse(c: Context, dialect: ErrorDialect, error: ApiError, requestId: string): Response {
  if (error.status === 429) c.header("Retry-After", RETRY_AFTER_SECONDS);
  return c.json(dialect.body(error, requestId) as object, error.status as 400);
}

/**
 * Runs an image endpoint: Bearer check (spec 5), in-flight limit (spec 8), JSON body, then the
 * handler. An ApiError thrown anywhere becomes the dialect's error answer.
 */
export function imageEndpoint(
  deps: ImageDeps,
  dialect: ErrorDialect,
  handler: (c: Context, scope: RequestScope) => Promise<Response>,
) {
  return async (c: Context): Promise<Response> => {
    const requestId = newRequestId();
    const apiKey = authorizedKey(c.req.header("authorization"), deps.config.apiKeys);
    if (!apiKey) return errorResponse(c, dialect, dialect.unauthorized(), requestId);
    // The slot is taken before the body is read: a slow upload is an in-flight request too.
    const release = deps.gate.tryAcquire();
    if (!release) return errorResponse(c, dialect, dialect.overConcurrency(), requestId);
    let slotKept = false;
    try {
      const body = await readJsonObject(c.req.raw, dialect.maxBodyBytes);
      return await handler(c, {
        requestId,
        apiKey,
        body,
        deps,
        keepSlot: () => {
          slotKept = true;
          return release;
        },
      });
    } catch (error) {
      if (error instanceof BodyError) return errorResponse(c, dialect, dialect.fromBodyError(error), requestId);
      if (error instanceof ApiError) return errorResponse(c, dialect, error, requestId);
      throw error;
    } finally {
      if (!slotKept) release();
    }
  };
}
