import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { checkUrlText } from "@/lib/http/request-guard";
import { log } from "@/lib/log";
import { apiContentSecurityPolicy, baseSecurityHeaders } from "@/lib/security/headers";
import { blobStore } from "@/lib/storage";
import { deliveryQuerySchema } from "./asset-queries";
import { presignedRedirect } from "./deliver-signed";
import { type DeliveryQuery, type DeliveryTarget, verifyDelivery } from "./delivery-url";
import { blobAnswer } from "./serve-asset";

// Signed delivery URLs, answered by the web entry (scripts/web.ts) before Next: their signature is
// their whole authorization, so Next's routing and Web-stream response add only cost to the byte
// path. Only a request the route would serve is answered here, with the same signature check
// (verifyDelivery), guards (checkUrlText, the query schema) and answer: the file from the local disk
// (blobAnswer), or the redirect to an object store's presigned GET (presignedRedirect). Anything
// else (a refusal, a token, a missing file, an unsatisfiable range) is handed to Next, so it gets
// exactly the route's answer.

const PREFIX = "/api/delivery/";

/** next.config.ts's headers for an API answer, which Next adds to the route's. */
const SECURITY_HEADERS: Record<string, string> = {
  ...Object.fromEntries(baseSecurityHeaders.map(({ key, value }) => [key, value])),
  "Content-Security-Policy": apiContentSecurityPolicy,
};

/** Whether the request may be a delivery URL this path answers; cheap, for every request the server gets. */
export function isDeliveryRequest(request: IncomingMessage): boolean {
  return (request.method === "GET" || request.method === "HEAD") && request.url?.startsWith(PREFIX) === true;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

// The file the request names when the route would serve it, else undefined.
function deliveryTarget(request: IncomingMessage, url: URL): { target: DeliveryTarget; query: DeliveryQuery } | undefined {
  // Origin checks are the route's (a signed URL is no licence for another site's page): a request
  // that carries an Origin or comes from another site goes to Next. A page's own <img> and <video>
  // send neither.
  const site = header(request, "sec-fetch-site");
  if (request.headers.origin !== undefined || (site !== undefined && site !== "same-origin" && site !== "none")) return undefined;
  // Tokens are the route's to check; a body it refuses.
  if (request.headers.authorization !== undefined || request.headers["transfer-encoding"] !== undefined) return undefined;
  if (Number(header(request, "content-length") ?? 0) > 0) return undefined;
  const id = url.pathname.slice(PREFIX.length);
  // One plain segment: an encoded one is left to Next's decoding, so the id is the route's.
  if (!id || id.includes("/") || id.includes("%")) return undefined;
  if (checkUrlText(url, { id })) return undefined;
  const query = deliveryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return undefined;
  const target = verifyDelivery(id, query.data);
  return target ? { target, query: query.data } : undefined;
}

/**
 * Answers a GET or HEAD of a delivery URL (isDeliveryRequest) when the route would serve it, and
 * resolves true; resolves false, having sent nothing, for Next to answer.
 */
export async function deliverFromNode(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const started = performance.now();
  const url = new URL(request.url ?? "/", "http://studio.invalid");
  const delivery = deliveryTarget(request, url);
  if (!delivery) return false;
  const { target } = delivery;
  const store = blobStore();
  const requestId = header(request, "x-request-id") ?? randomUUID();
  const done = (status: number) => log.info({ requestId, method: request.method, path: url.pathname, status, ms: Math.round(performance.now() - started) }, "request");
  if (store.presignedGetUrl) {
    response.writeHead(302, { ...SECURITY_HEADERS, ...(await presignedRedirect(store, target, delivery.query)), "x-request-id": requestId }).end();
    done(302);
    return true;
  }
  const info = await store.stat(target.storageKey).catch(() => null);
  if (!info) return false;
  const answer = blobAnswer(target, info.bytes, (name) => header(request, name), { download: target.variant === "download" });
  if (answer.status === 416) return false;
  response.writeHead(answer.status, { ...SECURITY_HEADERS, ...answer.headers, "x-request-id": requestId });
  if (request.method === "HEAD" || answer.status === 304) response.end();
  else {
    await pipeline(await store.get(target.storageKey, answer.range), response).catch((error: NodeJS.ErrnoException) => {
      // A client that goes away mid-file is no fault of the studio's.
      if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") log.warn({ err: error, requestId }, "streaming a delivered file failed");
    });
  }
  done(answer.status);
  return true;
}
