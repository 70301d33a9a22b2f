import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteSettings, updateSiteSettings } from "@/lib/auth/site-settings";
import type { SessionUser } from "@/lib/auth/types";
import { setUserDisabled } from "@/lib/auth/user-status";
import { readEventsWhileSignedIn } from "@/lib/jobs/signed-in-events";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { listAllAccessTokens, revokeAnyAccessToken } from "./admin-tokens";
import { authenticateToken, LAST_USED_EVERY_MS } from "./authenticate-token";
import { createAccessToken, listOwnAccessTokens, revokeOwnAccessToken, TOKENS_PER_USER_MAX } from "./manage-tokens";
import { TOKEN_PATTERN, TOKEN_REQUESTS_PER_MINUTE } from "./token-rules";
import type { CreateTokenValues } from "./token-schemas";
import { tokenHash } from "./token-secret";

let testDb: TestDb;
let admin: SessionUser;
let owner: SessionUser;
beforeAll(async () => {
  testDb = await createTestDb();
  admin = await createTestUser(testDb.db, "admin");
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  owner = await createTestUser(testDb.db);
  await testDb.db.rateLimit.deleteMany();
  await updateSiteSettings(admin, { accessTokens: true, accessTokensWithoutExpiry: false });
});

const values = (changes: Partial<CreateTokenValues> = {}): CreateTokenValues => ({ name: "Catalogue script", scopes: ["read"], expiresInDays: 30, ...changes });

describe("making, listing and revoking tokens", () => {
  it("shows the secret once, stores only its sha256, and lists the token without it", async () => {
    const made = await createAccessToken(owner, values({ scopes: ["read", "images:generate"] }));
    expect(made.secret).toMatch(TOKEN_PATTERN);
    const row = await testDb.db.accessToken.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.tokenHash).toBe(tokenHash(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice("studio_pat_".length));
    const days = (row.expiresAt!.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 2);

    const listed = await listOwnAccessTokens(owner);
    expect(listed).toEqual([expect.objectContaining({ id: made.id, name: "Catalogue script", scopes: ["read", "images:generate"], state: "active", lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const audit = await testDb.db.auditLog.findFirst({ where: { action: "access_token.created", target: made.id } });
    expect(audit?.actorId).toBe(owner.id);
  });

  it("refuses no expiry unless an admin allows it", async () => {
    await expect(createAccessToken(owner, values({ expiresInDays: null }))).rejects.toMatchObject({ code: "validation_failed", fields: [{ field: "expiresInDays" }] });
    await updateSiteSettings(admin, { accessTokensWithoutExpiry: true });
    const made = await createAccessToken(owner, values({ expiresInDays: null }));
    expect(made.expiresAt).toBeNull();
  });

  it("refuses to make a token while tokens are turned off, saying so", async () => {
    await updateSiteSettings(admin, { accessTokens: false });
    await expect(createAccessToken(owner, values())).rejects.toMatchObject({ code: "forbidden", message: expect.stringMatching(/turned off/) });
  });

  it("holds at most TOKENS_PER_USER_MAX unrevoked tokens per person", async () => {
    await testDb.db.accessToken.createMany({
      data: Array.from({ length: TOKENS_PER_USER_MAX }, (_, index) => ({ userId: owner.id, name: `t${index}`, scopes: ["read"], tokenHash: `hash-${owner.id}-${index}` })),
    });
    await expect(createAccessToken(owner, values())).rejects.toMatchObject({ code: "conflict" });
  });

  it("revokes only the person's own tokens; an admin revokes anyone's, on record", async () => {
    const made = await createAccessToken(owner, values());
    const stranger = await createTestUser(testDb.db);
    await expect(revokeOwnAccessToken(stranger, made.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await revokeOwnAccessToken(owner, made.id)).state).toBe("revoked");

    const other = await createAccessToken(owner, values({ name: "Second" }));
    const revoked = await revokeAnyAccessToken(admin, other.id);
    expect(revoked).toMatchObject({ state: "revoked", owner: { id: owner.id } });
    const audit = await testDb.db.auditLog.findFirst({ where: { action: "access_token.revoked", target: other.id } });
    expect(audit).toMatchObject({ actorId: admin.id, details: { ownerId: owner.id } });
    const all = await listAllAccessTokens();
    expect(all.filter((token) => token.owner.id === owner.id).map((token) => [token.name, token.state])).toEqual([
      ["Second", "revoked"],
      ["Catalogue script", "revoked"],
    ]);
  });
});

describe("authenticating a Bearer token", () => {
  it("acts as the owner with the owner's teams and role, and records last use at most once a minute", async () => {
    const made = await createAccessToken(owner, values());
    const credential = await authenticateToken(made.secret, ["read"]);
    expect(credential.user).toMatchObject({ id: owner.id, role: "member", teamIds: owner.teamIds, activeTeamId: owner.activeTeamId, tokenId: made.id });
    expect(credential.user.sessionId).toBeUndefined();
    expect(credential.expiresAt?.toISOString()).toBe(made.expiresAt);

    const first = (await testDb.db.accessToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt;
    expect(first).not.toBeNull();
    await authenticateToken(made.secret, ["read"]);
    expect((await testDb.db.accessToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt).toEqual(first);
    const longAgo = new Date(Date.now() - LAST_USED_EVERY_MS - 1000);
    await testDb.db.accessToken.update({ where: { id: made.id }, data: { lastUsedAt: longAgo } });
    await authenticateToken(made.secret, ["read"]);
    expect((await testDb.db.accessToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt!.getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it("refuses an unknown or malformed secret as token_invalid", async () => {
    await expect(authenticateToken(`studio_pat_${"x".repeat(43)}`, ["read"])).rejects.toMatchObject({ code: "token_invalid", status: 401 });
    await expect(authenticateToken("not-a-token", ["read"])).rejects.toMatchObject({ code: "token_invalid", status: 401 });
  });

  it("refuses a revoked token at once", async () => {
    const made = await createAccessToken(owner, values());
    await revokeOwnAccessToken(owner, made.id);
    await expect(authenticateToken(made.secret, ["read"])).rejects.toMatchObject({ code: "token_revoked", status: 401 });
  });

  it("refuses an expired token", async () => {
    const made = await createAccessToken(owner, values());
    await testDb.db.accessToken.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(authenticateToken(made.secret, ["read"])).rejects.toMatchObject({ code: "token_expired", status: 401 });
    expect((await listOwnAccessTokens(owner))[0].state).toBe("expired");
  });

  it("refuses a disabled owner's token, and takes it again once the owner is enabled", async () => {
    const made = await createAccessToken(owner, values());
    await setUserDisabled(admin, owner.id, true);
    await expect(authenticateToken(made.secret, ["read"])).rejects.toMatchObject({ code: "token_owner_disabled", status: 401 });
    await setUserDisabled(admin, owner.id, false);
    await expect(authenticateToken(made.secret, ["read"])).resolves.toMatchObject({ user: { id: owner.id } });
  });

  it("refuses every token while tokens are turned off", async () => {
    const made = await createAccessToken(owner, values());
    await updateSiteSettings(admin, { accessTokens: false });
    expect((await siteSettings()).accessTokens).toBe(false);
    await expect(authenticateToken(made.secret, ["read"])).rejects.toMatchObject({ code: "tokens_disabled", status: 401 });
  });

  it("refuses a token without the scope, naming it (403)", async () => {
    const made = await createAccessToken(owner, values({ scopes: ["read"] }));
    await expect(authenticateToken(made.secret, ["images:generate"])).rejects.toMatchObject({
      code: "token_scope_missing",
      status: 403,
      message: expect.stringContaining('"images:generate"'),
    });
    await expect(authenticateToken(made.secret, ["images:generate", "read"])).resolves.toMatchObject({ user: { id: owner.id } });
  });

  it(`throttles each token to ${TOKEN_REQUESTS_PER_MINUTE} requests a minute (429 with Retry-After), apart from other tokens`, async () => {
    const busy = await createAccessToken(owner, values());
    const calm = await createAccessToken(owner, values({ name: "Calm" }));
    for (let index = 0; index < TOKEN_REQUESTS_PER_MINUTE; index++) await authenticateToken(busy.secret, ["read"]);
    const refused = await authenticateToken(busy.secret, ["read"]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    await expect(authenticateToken(calm.secret, ["read"])).resolves.toMatchObject({ user: { id: owner.id } });
  });

  it("ends a token's job stream reads once the token is revoked", async () => {
    const made = await createAccessToken(owner, values());
    const { user } = await authenticateToken(made.secret, ["read"]);
    expect(await readEventsWhileSignedIn(user, 0n, 10)).toEqual([]);
    await revokeAnyAccessToken(admin, made.id);
    expect(await readEventsWhileSignedIn(user, 0n, 10)).toBeNull();
  });
});
