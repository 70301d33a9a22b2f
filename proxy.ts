import { type NextRequest, NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { failureOf, failureResponse } from "@/lib/http/client-error";
import { JSON_BODY_MAX_BYTES } from "@/lib/http/limits";
import { checkDeclaredLength, checkOrigin } from "@/lib/http/request-guard";
import { pageContentSecurityPolicy } from "@/lib/security/headers";
import { settings } from "@/lib/settings";
import { objectStoreOrigin } from "@/lib/storage/storage-url";

// Runs before Next itself on every request but uploads and static files, prefetches included, for
// what Next would otherwise answer with a 500:
// - a path that is not valid percent-encoded UTF-8 (a lone surrogate in an id): Next fails to decode
//   it before any route handler runs;
// - server actions (POSTs to pages): Next answers a foreign Origin, and a body over its 1 MB limit,
//   with a 500, and ignores Sec-Fetch-Site. They get the same checks as API routes (request-guard).
// Then every page response gets a fresh CSP nonce: Next reads it from the request's CSP header and
// puts it on its own scripts; the root layout reads `x-nonce` for the theme script.
export function proxy(request: NextRequest) {
  const refusal = malformedPath(request) ?? (isPageWrite(request) ? serverActionRefusal(request) : undefined);
  if (refusal) {
    const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
    return failureResponse(failureOf(refusal, requestId), requestId);
  }
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const storage = settings().STORAGE_URL;
  const policy = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", objectStore: storage && objectStoreOrigin(storage) });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Refused before routing, so the route's parameter names are unknown here: the answer names the
// path and the position of the segment that does not decode.
function malformedPath(request: NextRequest): AppError | undefined {
  const segments = new URL(request.url).pathname.split("/");
  const position = segments.findIndex((segment) => !decodes(segment));
  if (position < 0) return undefined;
  return new AppError("validation_failed", `Path segment ${position} is not valid UTF-8 once decoded`, [
    { field: "(path)", message: `segment ${position} must be valid percent-encoded UTF-8` },
  ]);
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function isPageWrite(request: NextRequest): boolean {
  return request.method === "POST" && !request.nextUrl.pathname.startsWith("/api/");
}

// A browser always states the length of a form or action body, so a body without one is refused
// rather than buffered.
function serverActionRefusal(request: NextRequest): AppError | undefined {
  const origin = checkOrigin(request, settings().STUDIO_PUBLIC_URL);
  if (origin) return origin;
  if (!request.headers.has("content-length")) {
    return new AppError("length_required", "A form post must state its Content-Length", [{ field: "Content-Length", message: "is required" }]);
  }
  return checkDeclaredLength(request, JSON_BODY_MAX_BYTES);
}

export const config = {
  // Upload bodies stay out of the proxy (it buffers bodies, and truncates them past 10 MB); static
  // files carry no script. Nothing is left out by its headers: a prefetch header is the client's to
  // set, and a request that skipped the proxy by sending one would skip its guards (a cross-site
  // server action ran) and come back without a CSP.
  matcher: ["/((?!api/uploads|_next/static|_next/image|icon.svg|favicon.ico|robots.txt|apple-touch-icon.png|site.webmanifest).*)"],
};
