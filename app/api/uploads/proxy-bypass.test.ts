import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

// Next 16 clones and buffers the body of every request its proxy runs on, cut off at
// `experimental.proxyClientMaxBodySize` (10 MB by default, with only a warning in the log). Uploads
// (beta: up to 30 MB, spec 8) must never pass through it, so the proxy's matcher leaves them out.
describe("proxy.ts matcher", () => {
  it.each(["/api/uploads?purpose=beta", "/api/uploads?purpose=alpha-v3", "/api/uploads"])("does not run on %s: the upload body streams untouched", (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
  });

  it.each(["/api/beta/generations", "/beta", "/"])("still runs on %s", (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
  });
});
