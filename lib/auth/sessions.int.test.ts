import type { JWT } from "next-auth/jwt";
import { decode, encode } from "next-auth/jwt";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { changePassword, PASSWORD_CHANGE_LIMIT } from "./change-password";
import { hashPassword, verifyPassword } from "./password";
import { sessionCallbacks, sessionEvents } from "./session-callbacks";
import { sessionUser } from "./sessions";
import { authenticate } from "./sign-in";
import { setUserDisabled } from "./user-status";

const SECRET = "a test secret that is long enough for next-auth's JWE";
// next-auth salts the session JWT with its cookie's name.
const SALT = "authjs.session-token";
const PASSWORD = "a long password";

let testDb: TestDb;
let passwordHash: string;
beforeAll(async () => {
  testDb = await createTestDb();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => testDb?.close());
beforeEach(() => testDb.db.rateLimit.deleteMany());

let counter = 0;
async function account(role: "admin" | "member" = "member") {
  counter += 1;
  const team = (await testDb.db.team.findFirst()) ?? (await testDb.db.team.create({ data: { name: "Team" } }));
  return testDb.db.user.create({
    data: { email: `session${counter}@example.com`, name: `Session ${counter}`, passwordHash, role, memberships: { create: { teamId: team.id } } },
  });
}

/** What next-auth does at sign-in: authorize, then the jwt callback, then the session cookie. */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const result = await authenticate({ email, password }, "198.51.100.30");
  if (!result.ok) throw new Error(`sign-in refused: ${result.reason}`);
  const token = await sessionCallbacks.jwt({ token: { sub: result.user.id }, user: result.user } as Parameters<typeof sessionCallbacks.jwt>[0]);
  return encode({ token, secret: SECRET, salt: SALT });
}

async function tokenOf(cookie: string): Promise<JWT> {
  const token = await decode({ token: cookie, secret: SECRET, salt: SALT });
  if (!token) throw new Error("cookie did not decode");
  return token;
}

/** What every request does: the cookie's session row, through the session callback, to a user (null = 401). */
async function requestAs(cookie: string) {
  const token = await tokenOf(cookie);
  const session = sessionCallbacks.session({ session: { user: {}, expires: "" }, token } as unknown as Parameters<typeof sessionCallbacks.session>[0]);
  return sessionUser(session.sessionId);
}

/** What next-auth's sign-out does with the cookie it is given. */
async function signOut(cookie: string) {
  await sessionEvents.signOut({ token: await tokenOf(cookie) });
}

describe("sign-out ends the session", () => {
  it("each sign-in starts its own session row, named in the JWT", async () => {
    const user = await account();
    const first = await tokenOf(await signIn(user.email));
    const second = await tokenOf(await signIn(user.email));
    expect(first.sid).toBeDefined();
    expect(second.sid).not.toBe(first.sid);
    expect(await testDb.db.userSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(2);
  });

  it("a JWT captured before sign-out is signed out (401) afterwards", async () => {
    const user = await account();
    const captured = await signIn(user.email);
    expect(await requestAs(captured)).toMatchObject({ id: user.id, email: user.email });
    await signOut(captured);
    // The JWT is still well signed and unexpired: only the revoked row makes it worthless.
    expect((await tokenOf(captured)).sub).toBe(user.id);
    expect(await requestAs(captured)).toBeNull();
  });

  it("signing out in one browser leaves the user's other sessions alone", async () => {
    const user = await account();
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    await signOut(laptop);
    expect(await requestAs(laptop)).toBeNull();
    expect(await requestAs(phone)).toMatchObject({ id: user.id });
  });

  it("a token without a session id, or naming an unknown one, is signed out", async () => {
    const user = await account();
    expect(await requestAs(await encode({ token: { sub: user.id }, secret: SECRET, salt: SALT }))).toBeNull();
    expect(await sessionUser("00000000-0000-0000-0000-000000000000")).toBeNull();
  });
});

describe("the user a session reads (one statement per request)", () => {
  it("carries the user's teams in membership order with their roles, and the active team (the first when unset or left)", async () => {
    const user = await account("admin");
    const studio = await testDb.db.team.create({ data: { name: "Studio" } });
    const print = await testDb.db.team.create({ data: { name: "Print" } });
    await testDb.db.membership.create({ data: { userId: user.id, teamId: studio.id, role: "owner", createdAt: new Date(Date.now() + 1_000) } });
    await testDb.db.membership.create({ data: { userId: user.id, teamId: print.id, createdAt: new Date(Date.now() + 2_000) } });
    const first = await testDb.db.membership.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "asc" }, include: { team: true } });
    const cookie = await signIn(user.email);
    const expected = [
      { id: first.teamId, name: first.team.name, role: "member" },
      { id: studio.id, name: "Studio", role: "owner" },
      { id: print.id, name: "Print", role: "member" },
    ];
    expect(await requestAs(cookie)).toEqual({
      id: user.id,
      email: user.email,
      name: user.name,
      role: "admin",
      teams: expected,
      teamIds: expected.map((team) => team.id),
      activeTeamId: first.teamId,
      sessionId: (await tokenOf(cookie)).sid,
    });
    await testDb.db.user.update({ where: { id: user.id }, data: { activeTeamId: print.id } });
    expect(await requestAs(cookie)).toMatchObject({ activeTeamId: print.id });
    await testDb.db.membership.delete({ where: { userId_teamId: { userId: user.id, teamId: print.id } } });
    expect(await requestAs(cookie)).toMatchObject({ activeTeamId: first.teamId, teamIds: [first.teamId, studio.id] });
  });

  it("a user in no team has none", async () => {
    const user = await testDb.db.user.create({ data: { email: "loner@example.com", name: "Loner", passwordHash } });
    expect(await requestAs(await signIn(user.email))).toMatchObject({ id: user.id, role: "member", teams: [], teamIds: [], activeTeamId: null });
  });
});

describe("a password change ends the user's other sessions", () => {
  it("keeps the current session, ends the others and replaces the password", async () => {
    const user = await account();
    const current = await signIn(user.email);
    const other = await signIn(user.email);
    const signedIn = (await requestAs(current))!;
    expect(await changePassword(signedIn, { currentPassword: PASSWORD, newPassword: "a brand new password" })).toEqual({ endedSessions: 1 });
    expect(await requestAs(current)).toMatchObject({ id: user.id });
    expect(await requestAs(other)).toBeNull();
    expect(await authenticate({ email: user.email, password: PASSWORD }, "198.51.100.31")).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate({ email: user.email, password: "a brand new password" }, "198.51.100.31")).toMatchObject({ ok: true });
    expect(await testDb.db.auditLog.findFirst({ where: { action: "user.password_changed", target: user.id } })).toMatchObject({ actorId: user.id });
  });

  it("refuses a wrong current password, naming the field, and changes nothing", async () => {
    const user = await account();
    const current = await signIn(user.email);
    const other = await signIn(user.email);
    await expect(changePassword((await requestAs(current))!, { currentPassword: "not it", newPassword: "a brand new password" })).rejects.toMatchObject({
      code: "validation_failed",
      fields: [{ field: "currentPassword", message: "Current password is not right" }],
    });
    expect(await requestAs(other)).toMatchObject({ id: user.id });
    const { passwordHash: stored } = await testDb.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored, PASSWORD)).toBe(true);
  });

  it("refuses a new password equal to the current one", async () => {
    const user = await account();
    await expect(changePassword((await requestAs(await signIn(user.email)))!, { currentPassword: PASSWORD, newPassword: PASSWORD })).rejects.toMatchObject({
      fields: [{ field: "newPassword", message: "New password must differ from the current one" }],
    });
  });

  it("limits wrong current passwords per account (429 with Retry-After)", async () => {
    const user = await account();
    const signedIn = (await requestAs(await signIn(user.email)))!;
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.limit; i++) await changePassword(signedIn, { currentPassword: `wrong ${i}`, newPassword: "a brand new password" }).catch(() => undefined);
    const refused = changePassword(signedIn, { currentPassword: PASSWORD, newPassword: "a brand new password" });
    await expect(refused).rejects.toMatchObject({ code: "rate_limited", status: 429, fields: [{ field: "currentPassword" }] });
    await expect(refused).rejects.toHaveProperty("headers.Retry-After");
  });
});

describe("an admin disables and enables a user", () => {
  it("disabling ends every session at once and refuses sign-in, saying why only to the right password; enabling lets them sign in again", async () => {
    const admin = await createTestUser(testDb.db, "admin");
    const user = await account();
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);

    const disabled = await setUserDisabled(admin, user.id, true);
    expect(disabled.disabledAt).not.toBeNull();
    expect(await requestAs(laptop)).toBeNull();
    expect(await requestAs(phone)).toBeNull();
    expect(await testDb.db.userSession.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    expect(await authenticate({ email: user.email, password: PASSWORD }, "198.51.100.32")).toEqual({ ok: false, reason: "disabled" });
    expect(await authenticate({ email: user.email, password: "not the password" }, "198.51.100.32")).toEqual({ ok: false, reason: "invalid" });

    const enabled = await setUserDisabled(admin, user.id, false);
    expect(enabled.disabledAt).toBeNull();
    // Old sessions stay ended; a new sign-in works.
    expect(await requestAs(laptop)).toBeNull();
    expect(await requestAs(await signIn(user.email))).toMatchObject({ id: user.id });

    const audit = await testDb.db.auditLog.findMany({ where: { target: user.id, action: { in: ["user.disabled", "user.enabled"] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["user.disabled", admin.id],
      ["user.enabled", admin.id],
    ]);
  });

  it("a disabled user's existing session is refused even though its row was not revoked", async () => {
    const user = await account();
    const cookie = await signIn(user.email);
    await testDb.db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await requestAs(cookie)).toBeNull();
  });

  it("an admin cannot disable themselves, and an unknown id is named", async () => {
    const admin = await createTestUser(testDb.db, "admin");
    await expect(setUserDisabled(admin, admin.id, true)).rejects.toMatchObject({ code: "forbidden", fields: [{ field: "id" }] });
    await expect(setUserDisabled(admin, "00000000-0000-0000-0000-000000000000", true)).rejects.toMatchObject({ code: "not_found", fields: [{ field: "id" }] });
  });
});
