import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postAlpha } from "@/app/api/alpha/v3/generations/route";
import { GET as getGallery } from "@/app/api/gallery/route";
import { DELETE as deleteItem } from "@/app/api/gallery/items/[id]/route";
import { GET as jobEvents } from "@/app/api/jobs/events/route";
import { GET as getMe } from "@/app/api/me/route";
import { POST as postPassword } from "@/app/api/me/password/route";
import { POST as postToken } from "@/app/api/me/tokens/route";
import { GET as adminUsers } from "@/app/api/admin/users/route";
import { POST as postVideo } from "@/app/api/videos/route";
import { updateSiteSettings } from "@/lib/auth/site-settings";
import type { SessionUser } from "@/lib/auth/types";
import { setUserDisabled } from "@/lib/auth/user-status";
import type { RouteHandler } from "@/lib/http/route";
import { route } from "@/lib/http/route";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { createAccessToken, revokeOwnAccessToken } from "./manage-tokens";
import { TOKEN_REQUESTS_PER_MINUTE, TOKEN_SCOPES, type TokenScope } from "./token-rules";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});

// The browser's session, for the requests that come without a token: the real currentUser() reads
// it (and the session row) exactly as in a request.
const browser = vi.hoisted(() => ({ session: null as { userId: string; sessionId: string } | null }));
vi.mock("@/lib/auth/session-token", () => ({ readSessionToken: async () => browser.session }));

// Route handlers called as a script calls them: `Authorization: Bearer`, no cookie. Everything
// below the handlers is real (database, emulator).
const context = useStudioTestContext();
let admin: SessionUser;
let owner: SessionUser;
beforeAll(async () => {
  admin = await createTestUser(context.testDb.db, "admin");
});
beforeEach(async () => {
  owner = await createTestUser(context.testDb.db);
  browser.session = null;
  await updateSiteSettings(admin, { accessTokens: true });
});

const tokenOf = async (scopes: TokenScope[], user: SessionUser = owner) => (await createAccessToken(user, { name: "Script", scopes, expiresInDays: 7 })).secret;

type Call = (headers: Record<string, string>) => Promise<Response>;
const none = { params: Promise.resolve({}) };
const json = (headers: Record<string, string>, method: string, body: unknown): RequestInit => ({
  method,
  headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const at = (path: string, init: RequestInit = {}) => new Request(`http://studio.test${path}`, init);

/** One request to each route, and the scope its declaration needs. */
const routes: { name: string; scope: TokenScope; call: Call }[] = [
  { name: "GET /api/gallery", scope: "read", call: (headers) => getGallery(at("/api/gallery", { headers }), none) },
  { name: "GET /api/me", scope: "read", call: (headers) => getMe(at("/api/me", { headers }), none) },
  {
    name: "POST /api/alpha/v3/generations",
    scope: "images:generate",
    // An empty prompt: refused by its schema (400) once the token is let through, so nothing is generated.
    call: (headers) => postAlpha(at("/api/alpha/v3/generations", json(headers, "POST", { prompt: "" })), none),
  },
  { name: "POST /api/videos", scope: "videos:generate", call: (headers) => postVideo(at("/api/videos", json(headers, "POST", {})), none) },
  {
    name: "DELETE /api/gallery/items/[id]",
    scope: "gallery:manage",
    call: (headers) => deleteItem(at("/api/gallery/items/00000000-0000-4000-8000-000000000000", { method: "DELETE", headers }), { params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }) }),
  },
];

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { error?: { code?: string } }).error?.code;
}

describe("a token's scopes against each route's declaration", () => {
  for (const held of TOKEN_SCOPES) {
    it(`a token with only "${held}" passes the routes that need it and gets 403 naming the scope elsewhere`, async () => {
      const secret = await tokenOf([held]);
      const outcomes = [];
      for (const { name, scope, call } of routes) {
        const response = await call(bearer(secret));
        expect(response.headers.get("set-cookie")).toBeNull();
        const body = (await response.json()) as { error?: { code: string; message: string } };
        outcomes.push({ name, allowed: response.status !== 401 && response.status !== 403, code: response.status === 403 ? body.error?.code : undefined });
        if (scope !== held) expect(body.error?.message).toContain(`"${scope}"`);
      }
      expect(outcomes).toEqual(
        routes.map(({ name, scope }) => ({ name, allowed: scope === held, code: scope === held ? undefined : "token_scope_missing" })),
      );
    });
  }

  it("answers GET /api/me as the token's owner, never as a session sent beside it", async () => {
    const secret = await tokenOf(["read"]);
    browser.session = { userId: admin.id, sessionId: admin.sessionId };
    const me = await getMe(at("/api/me", { headers: bearer(secret) }), none);
    expect(await me.json()).toMatchObject({ user: { id: owner.id, role: "member" } });
  });
});

describe("refusals of a token that no longer works", () => {
  const galleryWith = (secret: string) => getGallery(at("/api/gallery", { headers: bearer(secret) }), none);

  it("401 token_invalid for a secret the studio never made, with a WWW-Authenticate challenge", async () => {
    const response = await galleryWith(`studio_pat_${"Q".repeat(43)}`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await errorCode(response)).toBe("token_invalid");
  });

  it("401 token_revoked at the next request after a revoke", async () => {
    const made = await createAccessToken(owner, { name: "Soon revoked", scopes: ["read"], expiresInDays: 7 });
    expect((await galleryWith(made.secret)).status).toBe(200);
    await revokeOwnAccessToken(owner, made.id);
    const response = await galleryWith(made.secret);
    expect([response.status, await errorCode(response)]).toEqual([401, "token_revoked"]);
  });

  it("401 token_expired once its expiry has passed", async () => {
    const made = await createAccessToken(owner, { name: "Short", scopes: ["read"], expiresInDays: 1 });
    await context.testDb.db.accessToken.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const response = await galleryWith(made.secret);
    expect([response.status, await errorCode(response)]).toEqual([401, "token_expired"]);
  });

  it("401 token_owner_disabled as soon as an admin disables the owner", async () => {
    const secret = await tokenOf(["read"]);
    await setUserDisabled(admin, owner.id, true);
    const response = await galleryWith(secret);
    expect([response.status, await errorCode(response)]).toEqual([401, "token_owner_disabled"]);
  });

  it("401 tokens_disabled for every token while an admin has tokens off", async () => {
    const secret = await tokenOf(["read"]);
    await updateSiteSettings(admin, { accessTokens: false });
    const response = await galleryWith(secret);
    expect([response.status, await errorCode(response)]).toEqual([401, "tokens_disabled"]);
  });

  it("429 with Retry-After past the token's budget of a minute", async () => {
    const made = await createAccessToken(owner, { name: "Busy", scopes: ["read"], expiresInDays: 7 });
    await context.testDb.db.rateLimit.create({ data: { key: `access-token:${made.id}`, count: TOKEN_REQUESTS_PER_MINUTE, resetAt: new Date(Date.now() + 30_000) } });
    const response = await galleryWith(made.secret);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("routes that never act for a token", () => {
  it("refuse it with 403 token_not_accepted: a token cannot change the password, make tokens or act as an admin", async () => {
    const mine = await tokenOf([...TOKEN_SCOPES]);
    const admins = await tokenOf([...TOKEN_SCOPES], admin);
    const answers = await Promise.all([
      postPassword(at("/api/me/password", json(bearer(mine), "POST", { currentPassword: "x", newPassword: "a new long password" })), none),
      postToken(at("/api/me/tokens", json(bearer(mine), "POST", { name: "More", scopes: ["read"], expiresInDays: 7 })), none),
      adminUsers(at("/api/admin/users", { headers: bearer(admins) }), none),
    ]);
    expect(await Promise.all(answers.map(async (response) => [response.status, await errorCode(response)]))).toEqual(Array(3).fill([403, "token_not_accepted"]));
    expect(await context.testDb.db.accessToken.count({ where: { userId: owner.id } })).toBe(1);
  });
});

describe("a token needs no CSRF defence and never gets a cookie", () => {
  const foreign = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

  it("starts an alpha v3 generation from any origin with images:generate, and its job ends", async () => {
    const secret = await tokenOf(["images:generate", "read"]);
    const response = await postAlpha(at("/api/alpha/v3/generations", json({ ...foreign, ...bearer(secret) }, "POST", { prompt: "a lighthouse", revise: false })), none);
    expect(response.status).toBe(202);
    expect(response.headers.get("set-cookie")).toBeNull();
    const { job } = (await response.json()) as { job: { id: string } };
    expect((await waitForJob(context.testDb.db, job.id)).state).toBe("succeeded");
    const stored = await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(stored.ownerId).toBe(owner.id);
  });

  it("while the same cross-site request riding a session is refused", async () => {
    browser.session = { userId: owner.id, sessionId: owner.sessionId };
    const response = await postAlpha(at("/api/alpha/v3/generations", json(foreign, "POST", { prompt: "a lighthouse", revise: false })), none);
    expect([response.status, await errorCode(response)]).toEqual([403, "cross_origin_refused"]);
  });

  it("drops a cookie a handler would set", async () => {
    const secret = await tokenOf(["read"]);
    const setsCookie: RouteHandler<Record<string, never>> = route(async () => new Response("{}", { headers: { "Set-Cookie": "session=refreshed" } }), { tokens: "read" });
    expect((await setsCookie(at("/api/anything", { headers: bearer(secret) }), none)).headers.get("set-cookie")).toBeNull();
    browser.session = { userId: owner.id, sessionId: owner.sessionId };
    expect((await setsCookie(at("/api/anything"), none)).headers.get("set-cookie")).toBe("session=refreshed");
  });

  it("follows the job stream with a read token", async () => {
    const secret = await tokenOf(["read"]);
    const abort = new AbortController();
    const response = await jobEvents(at("/api/jobs/events", { headers: bearer(secret), signal: abort.signal }), none);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^retry: /);
    abort.abort();
    await reader.cancel();
  });
});
