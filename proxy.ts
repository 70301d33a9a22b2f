import { type NextRequest, NextResponse } from "next/server";
import { pageContentSecurityPolicy } from "@/lib/security/headers";

// Gives every page response a fresh CSP nonce. Next reads the nonce from the request's CSP header
// and puts it on its own scripts; the root layout reads `x-nonce` for the theme script.
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Pages only: API routes get their policy from next.config.ts, and staying out of the proxy keeps
  // upload bodies out of its 10 MB buffer. Static files carry no script.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|icon.svg|favicon.ico|robots.txt|apple-touch-icon.png|site.webmanifest).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
