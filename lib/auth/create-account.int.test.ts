import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTeamInvite } from "@/lib/teams/team-invites";
import { createTestDb, type TestDb } from "@/test/db";
import { createAccount } from "./create-account";
import { checkInvite, createInvite, hashInviteToken, listPendingInvites, revokeInvite } from "./invites";
import { ACCOUNT_NOT_CREATED, INVITE_PROBLEMS, SIGN_UP_BY_INVITATION, TEAM_INVITE_NEEDS_ACCOUNT } from "./messages";
import { verifyPassword } from "./password";
import { createInviteSchema } from "./schemas";
import { setOpenSignUp, siteSettings, updateSiteSettings } from "./site-settings";
import { signUpPolicy } from "./sign-up-policy";
import type { CurrentUser } from "./types";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

let counter = 0;
const person = (prefix = "person") => {
  counter += 1;
  return { name: `${prefix} ${counter}`, email: `${prefix}${counter}@example.com`, password: "a long password" };
};

async function resetStudio() {
  await testDb.db.invite.deleteMany();
  await testDb.db.membership.deleteMany();
  await testDb.db.user.deleteMany();
  await testDb.db.team.deleteMany();
  await testDb.db.siteSettings.update({ where: { id: 1 }, data: { openSignUp: false, teamInvitesCreateAccounts: false } });
}

/** The first account, as the admin the invites and settings are made by. */
async function firstAdmin(): Promise<CurrentUser> {
  const user = await createAccount(person("admin"));
  const memberships = await testDb.db.membership.findMany({ where: { userId: user.id }, include: { team: true } });
  const teams = memberships.map((m) => ({ id: m.teamId, name: m.team.name, role: m.role }));
  return { ...user, teamIds: teams.map((t) => t.id), teams, activeTeamId: teams[0]?.id ?? null, sessionId: "not-used-here" };
}

const invite = (admin: CurrentUser, input: { note?: string; expiresInDays?: number } = {}) => createInvite(admin, createInviteSchema.parse(input));

describe("createAccount", () => {
  beforeEach(resetStudio);

  it("makes the first account admin and owner of the studio's team", async () => {
    const first = await createAccount({ name: "First", email: "first@example.com", password: "a long password" });
    expect(first.role).toBe("admin");
    const memberships = await testDb.db.membership.findMany();
    expect(memberships.map((m) => m.role)).toEqual(["owner"]);
  });

  it("stores an argon2id hash, never the password", async () => {
    await createAccount({ name: "First", email: "first@example.com", password: "a long password" });
    const user = await testDb.db.user.findUniqueOrThrow({ where: { email: "first@example.com" } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "a long password")).toBe(true);
    expect(await verifyPassword(user.passwordHash, "wrong")).toBe(false);
  });

  it("refuses a second account with the same email without saying that the email has an account", async () => {
    await setOpenSignUp(await firstAdmin(), true);
    await createAccount({ name: "Once", email: "once@example.com", password: "a long password" });
    const refused = await createAccount({ name: "Again", email: "once@example.com", password: "a long password" }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "conflict", message: ACCOUNT_NOT_CREATED, fields: [] });
    expect(JSON.stringify(refused)).not.toMatch(/exists|taken|registered/i);
  });

  it("makes exactly one admin when accounts are created at the same moment", async () => {
    await testDb.db.siteSettings.update({ where: { id: 1 }, data: { openSignUp: true } });
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createAccount({ name: `Racer ${i}`, email: `racer${i}@example.com`, password: "a long password" })),
    );
    expect(created.filter((user) => user.role === "admin")).toHaveLength(1);
    // Only the first account joins a team (the studio's, as its owner): open sign-up joins none.
    expect(await testDb.db.membership.findMany({ select: { role: true } })).toEqual([{ role: "owner" }]);
  });
});

describe("sign-up after the first account is by invitation (or open sign-up)", () => {
  beforeEach(resetStudio);

  it("says only on an empty studio that the first account becomes admin", async () => {
    expect(await signUpPolicy()).toEqual({ kind: "first-account" });
    await firstAdmin();
    expect(await signUpPolicy()).toEqual({ kind: "closed" });
  });

  it("is closed by default: a later account without an invite is refused, naming the field", async () => {
    await firstAdmin();
    expect(await siteSettings()).toEqual({ openSignUp: false, publicShareLinks: false, teamInvitesCreateAccounts: false, accessTokens: true, accessTokensWithoutExpiry: false });
    await expect(createAccount(person())).rejects.toMatchObject({
      code: "forbidden",
      message: SIGN_UP_BY_INVITATION,
      fields: [{ field: "invite", message: "is required: sign-up is by invitation" }],
    });
    expect(await testDb.db.user.count()).toBe(1);
  });

  it("an invite makes a member of the studio's team, once; the second use is refused", async () => {
    const admin = await firstAdmin();
    const { token, invite: summary } = await invite(admin, { note: "For Bo" });
    expect(await signUpPolicy(token)).toMatchObject({ kind: "invite", teamName: "Studio" });

    const member = await createAccount(person("bo"), token);
    expect(member.role).toBe("member");
    const membership = await testDb.db.membership.findFirstOrThrow({ where: { userId: member.id } });
    expect(membership).toMatchObject({ teamId: admin.teamIds[0], role: "member" });
    expect(await testDb.db.invite.findUniqueOrThrow({ where: { id: summary.id } })).toMatchObject({ usedById: member.id });
    expect(await testDb.db.auditLog.count({ where: { actorId: member.id, action: "team.joined", target: admin.teamIds[0] } })).toBe(1);

    await expect(createAccount(person("again"), token)).rejects.toMatchObject({ code: "forbidden", fields: [{ field: "invite", message: INVITE_PROBLEMS.used }] });
    expect(await signUpPolicy(token)).toEqual({ kind: "invite-problem", problem: "used" });
    expect(await listPendingInvites()).toEqual([]);
  });

  it("two sign-ups racing for one invite make exactly one account", async () => {
    const admin = await firstAdmin();
    const { token } = await invite(admin);
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => createAccount(person(`race${i}`), token)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ fields: [{ field: "invite", message: INVITE_PROBLEMS.used }] });
    }
    expect(await testDb.db.user.count()).toBe(2);
  });

  it("answers an unusable invite or a closed sign-up the same for every email, whether it has an account or not", async () => {
    const admin = await firstAdmin();
    const used = await invite(admin);
    await createAccount(person("used"), used.token);
    const refusal = (email: string, token?: string) =>
      createAccount({ name: "Probe", email, password: "a long password" }, token).then(
        () => ({ code: "created", message: "", fields: [] as unknown }),
        (error: { code: string; message: string; fields: unknown }) => ({ code: error.code, message: error.message, fields: error.fields }),
      );
    for (const token of ["A".repeat(43), "not-a-token", used.token, undefined]) {
      const forRegistered = await refusal(admin.email, token);
      expect(forRegistered, String(token)).toEqual(await refusal("nobody-here@example.com", token));
      expect(forRegistered.code, String(token)).toBe("forbidden");
    }
  });

  it("says plainly when an invite has expired, was revoked or is not an invite at all", async () => {
    const admin = await firstAdmin();
    const expired = await invite(admin, { expiresInDays: 1 });
    await testDb.db.invite.update({ where: { id: expired.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const revoked = await invite(admin);
    await revokeInvite(admin, revoked.invite.id);

    expect(await checkInvite(expired.token)).toEqual({ status: "expired" });
    expect(await checkInvite(revoked.token)).toEqual({ status: "revoked" });
    expect(await checkInvite("not-a-token")).toEqual({ status: "unknown" });
    expect(await checkInvite("A".repeat(43))).toEqual({ status: "unknown" });

    await expect(createAccount(person(), expired.token)).rejects.toMatchObject({ fields: [{ field: "invite", message: INVITE_PROBLEMS.expired }] });
    await expect(createAccount(person(), revoked.token)).rejects.toMatchObject({ fields: [{ field: "invite", message: INVITE_PROBLEMS.revoked }] });
    await expect(createAccount(person(), "A".repeat(43))).rejects.toMatchObject({ fields: [{ field: "invite", message: INVITE_PROBLEMS.unknown }] });
    expect(await testDb.db.user.count()).toBe(1);
  });

  it("stores only the sha256 of a random 32-byte token, expiring in 7 days by default", async () => {
    const admin = await firstAdmin();
    const { token, invite: summary } = await invite(admin);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await testDb.db.invite.findUniqueOrThrow({ where: { id: summary.id } });
    expect(row.tokenHash).toBe(hashInviteToken(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });

  it("lists pending invites only, newest first; revoking a used invite is refused", async () => {
    const admin = await firstAdmin();
    const older = await invite(admin, { note: "older" });
    const newer = await invite(admin, { note: "newer" });
    const used = await invite(admin, { note: "used" });
    await createAccount(person(), used.token);
    expect((await listPendingInvites()).map((pending) => pending.note)).toEqual(["newer", "older"]);
    await revokeInvite(admin, newer.invite.id);
    expect((await listPendingInvites()).map((pending) => pending.id)).toEqual([older.invite.id]);
    await expect(revokeInvite(admin, used.invite.id)).rejects.toMatchObject({ code: "conflict", fields: [{ field: "id" }] });
    await expect(revokeInvite(admin, "00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({ code: "not_found", fields: [{ field: "id" }] });
  });

  it("open sign-up, once an admin turns it on, makes accounts that join no team", async () => {
    const admin = await firstAdmin();
    await setOpenSignUp(admin, true);
    expect(await signUpPolicy()).toEqual({ kind: "open" });
    const member = await createAccount(person());
    expect(member.role).toBe("member");
    expect(await testDb.db.membership.count({ where: { userId: member.id } })).toBe(0);
    await setOpenSignUp(admin, false);
    await expect(createAccount(person())).rejects.toMatchObject({ message: SIGN_UP_BY_INVITATION });
  });

  it("records the admin's actions in the audit log", async () => {
    const admin = await firstAdmin();
    const { invite: created } = await invite(admin, { note: "audit" });
    await revokeInvite(admin, created.id);
    await setOpenSignUp(admin, true);
    const entries = await testDb.db.auditLog.findMany({ where: { actorId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.target])).toEqual([
      ["invite.created", admin.id, created.id],
      ["invite.revoked", admin.id, created.id],
      ["settings.open_sign_up", admin.id, null],
    ]);
    expect(entries[2].details).toEqual({ openSignUp: true });
  });
});

describe("a team owner's invite creates an account only while the admin allows it", () => {
  beforeEach(resetStudio);

  const teamInvite = (owner: CurrentUser) => createTeamInvite(owner, owner.teamIds[0], createInviteSchema.parse({}));

  it("is off by default: the invite is refused for a new account and stays unused, while an admin's invite still creates one", async () => {
    const admin = await firstAdmin();
    const { token, invite: summary } = await teamInvite(admin);
    expect(await signUpPolicy(token)).toEqual({ kind: "team-invite-needs-account", invite: token, teamName: "Studio" });
    await expect(createAccount(person("newcomer"), token)).rejects.toMatchObject({
      code: "forbidden",
      message: TEAM_INVITE_NEEDS_ACCOUNT,
      fields: [{ field: "invite", message: TEAM_INVITE_NEEDS_ACCOUNT }],
    });
    expect(await testDb.db.user.count()).toBe(1);
    expect((await testDb.db.invite.findUniqueOrThrow({ where: { id: summary.id } })).usedAt).toBeNull();

    const { token: adminToken } = await invite(admin);
    expect(await createAccount(person("invited"), adminToken)).toMatchObject({ role: "member" });
  });

  it("with the admin's switch on, the invite creates an account in the team; the switch is audited", async () => {
    const admin = await firstAdmin();
    expect(await updateSiteSettings(admin, { teamInvitesCreateAccounts: true })).toMatchObject({ teamInvitesCreateAccounts: true });
    const { token } = await teamInvite(admin);
    expect(await signUpPolicy(token)).toMatchObject({ kind: "invite", teamName: "Studio" });
    const member = await createAccount(person("newcomer"), token);
    expect(await testDb.db.membership.findFirstOrThrow({ where: { userId: member.id } })).toMatchObject({ teamId: admin.teamIds[0], role: "member" });
    expect(await testDb.db.auditLog.findFirstOrThrow({ where: { action: "settings.team_invites_create_accounts", actorId: admin.id } })).toMatchObject({
      actorId: admin.id,
      details: { teamInvitesCreateAccounts: true },
    });
  });
});
