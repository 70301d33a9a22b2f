import { encode, getToken } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import { readSessionToken } from "./session-token";

const requestHeaders = vi.hoisted(() => ({ value: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.value }));
// The real decoder, counted.
vi.mock("next-auth/jwt", async (importOriginal) => {
  const jwt = await importOriginal<typeof import("next-auth/jwt")>();
  return { ...jwt, getToken: vi.fn(jwt.getToken) };
});

const PLAIN = "authjs.session-token";
const SECURE = "__Secure-authjs.session-token";

/** A session JWT as next-auth writes it into the cookie named `cookieName` (the name is its salt). */
function sessionJwt(cookieName: string, claims = { sub: "user-1", sid: "session-1" }) {
  return encode({ token: claims, secret: env().AUTH_SECRET, salt: cookieName });
}

function send(headers: Record<string, string>) {
  requestHeaders.value = new Headers(headers);
}

describe("readSessionToken", () => {
  beforeEach(() => send({}));

  it("reads the user and session row from the cookie next-auth sets over http", async () => {
    send({ cookie: `${PLAIN}=${await sessionJwt(PLAIN)}` });
    expect(await readSessionToken()).toMatchObject({ userId: "user-1", sessionId: "session-1", expiresAt: expect.any(Number) });
  });

  it("reads the __Secure- cookie next-auth sets over https", async () => {
    send({ cookie: `other=1; ${SECURE}=${await sessionJwt(SECURE, { sub: "user-2", sid: "session-2" })}` });
    expect(await readSessionToken()).toMatchObject({ userId: "user-2", sessionId: "session-2", expiresAt: expect.any(Number) });
  });

  it("is signed out without a cookie, with a token under the other cookie's name, or with a damaged token", async () => {
    expect(await readSessionToken()).toBeNull();
    send({ cookie: `${SECURE}=${await sessionJwt(PLAIN)}` });
    expect(await readSessionToken()).toBeNull();
    const token = await sessionJwt(PLAIN);
    send({ cookie: `${PLAIN}=${token.slice(0, -4)}AAAA` });
    expect(await readSessionToken()).toBeNull();
  });

  it("never takes the token from an Authorization header", async () => {
    send({ authorization: `Bearer ${await sessionJwt(PLAIN)}` });
    expect(await readSessionToken()).toBeNull();
  });

  it("refuses an expired token", async () => {
    const expired = await encode({ token: { sub: "user-1", sid: "session-1" }, secret: env().AUTH_SECRET, salt: PLAIN, maxAge: -60 });
    send({ cookie: `${PLAIN}=${expired}` });
    expect(await readSessionToken()).toBeNull();
  });

  describe("keeps what a cookie decodes to", () => {
    afterEach(() => vi.useRealTimers());

    it("decodes the same cookie once while its token is valid, and a different cookie anew", async () => {
      const cookie = `${PLAIN}=${await sessionJwt(PLAIN, { sub: "user-3", sid: "session-3" })}`;
      send({ cookie });
      vi.mocked(getToken).mockClear();
      expect(await readSessionToken()).toMatchObject({ userId: "user-3", sessionId: "session-3", expiresAt: expect.any(Number) });
      const decodes = vi.mocked(getToken).mock.calls.length;
      expect(decodes).toBeGreaterThan(0);
      expect(await readSessionToken()).toMatchObject({ userId: "user-3", sessionId: "session-3", expiresAt: expect.any(Number) });
      expect(vi.mocked(getToken).mock.calls.length).toBe(decodes);

      send({ cookie: `${PLAIN}=${await sessionJwt(PLAIN, { sub: "user-4", sid: "session-4" })}` });
      expect(await readSessionToken()).toMatchObject({ userId: "user-4", sessionId: "session-4", expiresAt: expect.any(Number) });
      expect(vi.mocked(getToken).mock.calls.length).toBeGreaterThan(decodes);
    });

    it("stops answering with a kept token once it has expired", async () => {
      const cookie = `${PLAIN}=${await encode({ token: { sub: "user-5", sid: "session-5" }, secret: env().AUTH_SECRET, salt: PLAIN, maxAge: 60 })}`;
      send({ cookie });
      expect(await readSessionToken()).toMatchObject({ userId: "user-5", sessionId: "session-5", expiresAt: expect.any(Number) });
      vi.useFakeTimers({ toFake: ["Date"] });
      // Past next-auth's own 15 s of clock tolerance too.
      vi.setSystemTime(Date.now() + 120_000);
      expect(await readSessionToken()).toBeNull();
    });
  });
});
