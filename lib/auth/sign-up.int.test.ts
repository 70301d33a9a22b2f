import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { createAccount } from "./create-account";
import { createInvite } from "./invites";
import { tooManySignUpAttempts } from "./messages";
import { createInviteSchema } from "./schemas";
import { SIGN_UP_LIMIT, signUp } from "./sign-up";
import type { CurrentUser } from "./types";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

const ADDRESS = "198.51.100.7";
const MADE_UP_INVITE = "A".repeat(43);
const PASSWORD = "a long password";

let admin: CurrentUser;
beforeEach(async () => {
  await testDb.db.rateLimit.deleteMany();
  await testDb.db.invite.deleteMany();
  await testDb.db.membership.deleteMany();
  await testDb.db.user.deleteMany();
  await testDb.db.team.deleteMany();
  const user = await createAccount({ name: "Admin", email: "admin@example.com", password: PASSWORD });
  const memberships = await testDb.db.membership.findMany({ where: { userId: user.id }, include: { team: true } });
  const teams = memberships.map((m) => ({ id: m.teamId, name: m.team.name, role: m.role }));
  admin = { ...user, teamIds: teams.map((t) => t.id), teams, activeTeamId: teams[0]?.id ?? null, sessionId: "not-used-here" };
});

let counter = 0;
const person = () => {
  counter += 1;
  return { name: `Person ${counter}`, email: `person${counter}@example.com`, password: PASSWORD };
};
const inviteToken = async () => (await createInvite(admin, createInviteSchema.parse({}))).token;

describe("sign-up throttling", () => {
  it("refuses an address that keeps failing (trying email after email), saying how long to wait", async () => {
    for (let i = 0; i < SIGN_UP_LIMIT.limit; i++) {
      await expect(signUp(person(), MADE_UP_INVITE, ADDRESS)).rejects.toMatchObject({ code: "forbidden" });
    }
    const refused = await signUp(person(), await inviteToken(), ADDRESS).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, message: tooManySignUpAttempts(15 * 60) });
    expect(Number((refused as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThan(14 * 60);
    expect(await testDb.db.user.count()).toBe(1);

    expect(await signUp(person(), await inviteToken(), "192.0.2.99")).toMatchObject({ role: "member" });
  });

  it("counts an email that already has an account as a failure", async () => {
    await testDb.db.siteSettings.update({ where: { id: 1 }, data: { openSignUp: true } });
    try {
      for (let i = 0; i < SIGN_UP_LIMIT.limit; i++) {
        await expect(signUp({ ...person(), email: "admin@example.com" }, undefined, ADDRESS)).rejects.toMatchObject({ code: "conflict" });
      }
      await expect(signUp(person(), undefined, ADDRESS)).rejects.toMatchObject({ code: "rate_limited" });
    } finally {
      await testDb.db.siteSettings.update({ where: { id: 1 }, data: { openSignUp: false } });
    }
  });

  it("accounts created do not count against the address", async () => {
    for (let i = 0; i < SIGN_UP_LIMIT.limit + 2; i++) expect(await signUp(person(), await inviteToken(), ADDRESS)).toMatchObject({ role: "member" });
    expect(await testDb.db.rateLimit.findMany({ where: { count: { gt: 0 } } })).toEqual([]);
  });
});
