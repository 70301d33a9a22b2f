import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

const origin = "http://127.0.0.1:3000";

describe("no open redirect after sign-in (safeNextPath)", () => {
  it.each([
    ["/%5Cevil.example/ decoded: backslash after the slash", "/\\evil.example/"],
    ["/%09/evil.example/ decoded: a tab between the slashes", "/\t/evil.example/"],
    ["a newline between the slashes", "/\n/evil.example/"],
    ["a carriage return between the slashes", "/\r/evil.example/"],
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with a path", "//evil.example/chat"],
    ["two backslashes", "\\\\evil.example"],
    ["slash and two backslashes", "/\\\\evil.example"],
    ["absolute https", "https://evil.example"],
    ["absolute http on another port of this host", "http://127.0.0.1:4000/"],
    ["javascript: URL", "javascript:alert(1)"],
    ["javascript: URL with leading space", " javascript:alert(1)"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["userinfo trick", "http://127.0.0.1:3000@evil.example/"],
    ["leading whitespace then protocol-relative", " //evil.example"],
  ])("refuses %s", (_name, next) => {
    expect(safeNextPath(next, origin)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/chat", "/chat"],
    ["/chat/abc?tab=settings#turn-3", "/chat/abc?tab=settings#turn-3"],
    ["/admin?x=%2F%2Fevil.example", "/admin?x=%2F%2Fevil.example"],
    ["/alpha/../chat", "/chat"],
    ["chat", "/chat"],
    ["http://127.0.0.1:3000/alpha", "/alpha"],
  ])("keeps the same-origin path %s", (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it("falls back to / for missing or non-text values", () => {
    expect(safeNextPath(undefined, origin)).toBe("/");
    expect(safeNextPath(null, origin)).toBe("/");
    expect(safeNextPath("", origin)).toBe("/");
    expect(safeNextPath(["/chat"], origin)).toBe("/");
  });
});
