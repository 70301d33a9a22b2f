import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

// A prefetch is only a header the client sets: the proxy's guards and the page's CSP must not depend
// on a client leaving it out.
const PREFETCH_HEADERS = [
  { "next-router-prefetch": "1", rsc: "1" },
  { purpose: "prefetch" },
  { "sec-purpose": "prefetch" },
];

const studio = "http://127.0.0.1:3000";

function serverAction(headers: Record<string, string>) {
  return new NextRequest(`${studio}/sign-in`, {
    method: "POST",
    headers: { host: "127.0.0.1:3000", "next-action": "7f00", "content-type": "text/plain;charset=UTF-8", "content-length": "2", ...headers },
    body: "[]",
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: { field: string }[] } }).error;
}

describe("proxy.ts runs on prefetch requests too", () => {
  it.each(PREFETCH_HEADERS)("the matcher takes a page request with %o", (headers) => {
    expect(unstable_doesMiddlewareMatch({ config, url: "/sign-in", headers })).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: "/", headers })).toBe(true);
  });

  it("a cross-site server action sent as a prefetch is refused with 403 cross_origin_refused", async () => {
    const response = proxy(serverAction({ "next-router-prefetch": "1", "sec-fetch-site": "cross-site" }));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: "cross_origin_refused", message: expect.stringContaining("Sec-Fetch-Site") });
  });

  it("a server action from a foreign Origin sent as a prefetch gets a 403 naming the Origin, not Next's 500", async () => {
    const response = proxy(serverAction({ "next-router-prefetch": "1", origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.code).toBe("cross_origin_refused");
    expect(error.fields).toEqual([expect.objectContaining({ field: "Origin" })]);
  });

  it("a page fetched as a prefetch gets the page CSP with a nonce", () => {
    const response = proxy(new NextRequest(`${studio}/sign-in`, { headers: { host: "127.0.0.1:3000", "next-router-prefetch": "1", rsc: "1" } }));
    expect(response.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/]+={0,2}'/);
  });
});
