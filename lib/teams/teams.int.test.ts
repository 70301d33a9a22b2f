import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminTeamsRoute } from "@/app/api/admin/teams/route";
import { PUT as activeTeamRoute } from "@/app/api/me/active-team/route";
import { DELETE as revokeInviteRoute } from "@/app/api/teams/[id]/invites/[inviteId]/route";
import { GET as listInvitesRoute, POST as createInviteRoute } from "@/app/api/teams/[id]/invites/route";
import { DELETE as removeMemberRoute, PATCH as roleRoute } from "@/app/api/teams/[id]/members/[userId]/route";
import { DELETE as withdrawInvitationRoute } from "@/app/api/teams/[id]/invitations/[invitationId]/route";
import { GET as listInvitationsRoute, POST as inviteRoute } from "@/app/api/teams/[id]/invitations/route";
import { GET as myInvitationsRoute } from "@/app/api/me/team-invitations/route";
import { POST as acceptRoute } from "@/app/api/team-invitations/[id]/accept/route";
import { POST as declineRoute } from "@/app/api/team-invitations/[id]/decline/route";
import { GET as teamRoute, PATCH as renameRoute } from "@/app/api/teams/[id]/route";
import { POST as joinRoute } from "@/app/api/teams/join/route";
import { GET as myTeamsRoute, POST as createTeamRoute } from "@/app/api/teams/route";
import { createAccount } from "@/lib/auth/create-account";
import { INVITE_PROBLEMS, TEAM_INVITE_NEEDS_ACCOUNT } from "@/lib/auth/messages";
import { sessionUser } from "@/lib/auth/sessions";
import type { CurrentUser } from "@/lib/auth/types";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import type { MyInvitationDto, TeamDetailDto, TeamSummaryDto } from "./team-dto";
import {
  ALREADY_A_MEMBER,
  INVITATION_PROBLEMS,
  invitationSent,
  LAST_OWNER_DEMOTE,
  LAST_OWNER_LEAVE,
  NO_SUCH_INVITATION,
  NO_SUCH_TEAM,
  OWNERS_ONLY,
  YOU_ARE_ALREADY_A_MEMBER,
} from "./team-messages";
import { acceptInvitation } from "./my-invitations";
import { withdrawTeamInvitation } from "./team-invitations";
import { changeMemberRole } from "./team-members";

// Teams and membership, through the route handlers as a browser calls
// them: whoever `session.user` is, everything below the handlers is real, on both engines.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

let counter = 0;
/** An account with no team and a live session, read back the way every request reads it. */
async function person(role: "admin" | "member" = "member"): Promise<CurrentUser> {
  counter += 1;
  const user = await testDb.db.user.create({
    data: { email: `teams${counter}@example.com`, name: `Person ${counter}`, passwordHash: "not-a-hash", role, sessions: { create: {} } },
    include: { sessions: { select: { id: true } } },
  });
  return fresh({ sessionId: user.sessions[0].id });
}

async function fresh(user: Pick<CurrentUser, "sessionId">): Promise<CurrentUser> {
  const read = await sessionUser(user.sessionId);
  if (!read) throw new Error("session not found");
  return read;
}

// Any route's handler: the route files type their own params; these calls pass what each needs.
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** Calls `handler` as `user` (undefined: signed out). */
async function call(user: CurrentUser | undefined, handler: Handler, method: string, params: Record<string, string> = {}, body?: unknown) {
  session.user = user;
  const request = new Request("http://studio.test/api/teams", {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) as Promise<never> });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function teamOf(owner: CurrentUser, name = "Design"): Promise<TeamSummaryDto> {
  const created = await call(owner, createTeamRoute as Handler, "POST", {}, { name });
  expect(created.status).toBe(201);
  return created.body.team;
}

const memberships = (teamId: string) => testDb.db.membership.findMany({ where: { teamId }, orderBy: { createdAt: "asc" }, select: { userId: true, role: true } });

/** `owner` invites `invitee` by email and `invitee` accepts: the one way an owner adds an account. */
async function join(owner: CurrentUser, teamId: string, invitee: CurrentUser, role: "owner" | "member" = "member") {
  const sent = await call(owner, inviteRoute as Handler, "POST", { id: teamId }, { email: invitee.email, role });
  expect(sent.status).toBe(201);
  const accepted = await call(invitee, acceptRoute as Handler, "POST", { id: sent.body.invitation.id });
  expect(accepted).toMatchObject({ status: 200, body: { team: { id: teamId } } });
}

async function inviteLink(owner: CurrentUser, teamId: string, body: unknown = { note: "For a designer", expiresInDays: 3 }) {
  const answer = await call(owner, createInviteRoute as Handler, "POST", { id: teamId }, body);
  expect(answer.status).toBe(201);
  const link = new URL(answer.body.link);
  return { id: answer.body.invite.id as string, token: link.searchParams.get("invite")!, link };
}

describe("teams", () => {
  it("creates a team owned by its creator; a first team becomes the active one, a later one does not", async () => {
    const ada = await person();
    const first = await teamOf(ada, "  Posters  ");
    expect(first).toMatchObject({ name: "Posters", role: "owner", memberCount: 1 });
    expect(await memberships(first.id)).toEqual([{ userId: ada.id, role: "owner" }]);
    expect((await fresh(ada)).activeTeamId).toBe(first.id);

    const second = await teamOf(ada, "Packaging");
    expect((await testDb.db.user.findUniqueOrThrow({ where: { id: ada.id } })).activeTeamId).toBe(first.id);
    const mine = await call(ada, myTeamsRoute as Handler, "GET");
    expect(mine.body.teams.map((team: TeamSummaryDto) => team.name)).toEqual(["Posters", "Packaging"]);
    expect(await testDb.db.auditLog.count({ where: { actorId: ada.id, action: "team.created", target: second.id } })).toBe(1);
  });

  it("refuses names that break the rule and bodies that carry anything but the name, writing nothing", async () => {
    const ada = await person();
    const before = await testDb.db.team.count();
    const empty = await call(ada, createTeamRoute as Handler, "POST", {}, { name: "   " });
    expect(empty).toMatchObject({ status: 400, body: { error: { code: "validation_failed", fields: [{ field: "name", message: "Name is required" }] } } });
    const long = await call(ada, createTeamRoute as Handler, "POST", {}, { name: "x".repeat(61) });
    expect(long.body.error.fields).toEqual([{ field: "name", message: "Name must be at most 60 characters" }]);
    const nul = await call(ada, createTeamRoute as Handler, "POST", {}, { name: "a\u0000b" });
    expect(nul.status).toBe(400);
    const smuggled = await call(ada, createTeamRoute as Handler, "POST", {}, { name: "Mine", ownerId: crypto.randomUUID(), role: "owner" });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.error.message).toContain("ownerId, role cannot be sent here");
    expect(await testDb.db.team.count()).toBe(before);
    expect((await call(undefined, createTeamRoute as Handler, "POST", {}, { name: "Nobody's" })).status).toBe(401);
  });

  it("answers 404 to people outside a team and 403 to members who are not owners for owner actions", async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const team = await teamOf(owner);
    await join(owner, team.id, member);
    const id = { id: team.id };
    const invitation = { ...id, invitationId: crypto.randomUUID() };

    for (const [handler, method, params, body] of [
      [teamRoute, "GET", id, undefined],
      [renameRoute, "PATCH", id, { name: "Taken over" }],
      [inviteRoute, "POST", id, { email: outsider.email }],
      [listInvitationsRoute, "GET", id, undefined],
      [withdrawInvitationRoute, "DELETE", invitation, undefined],
      [roleRoute, "PATCH", { ...id, userId: owner.id }, { role: "member" }],
      [removeMemberRoute, "DELETE", { ...id, userId: member.id }, undefined],
      [listInvitesRoute, "GET", id, undefined],
      [createInviteRoute, "POST", id, { expiresInDays: 3 }],
    ] as const) {
      const answer = await call(outsider, handler as Handler, method, params, body);
      expect(answer, `${method} as an outsider`).toMatchObject({ status: 404, body: { error: { code: "not_found", message: NO_SUCH_TEAM } } });
    }
    const unknown = await call(owner, teamRoute as Handler, "GET", { id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);

    for (const [handler, method, params, body] of [
      [renameRoute, "PATCH", id, { name: "Taken over" }],
      [inviteRoute, "POST", id, { email: outsider.email }],
      [listInvitationsRoute, "GET", id, undefined],
      [withdrawInvitationRoute, "DELETE", invitation, undefined],
      [roleRoute, "PATCH", { ...id, userId: member.id }, { role: "owner" }],
      [removeMemberRoute, "DELETE", { ...id, userId: owner.id }, undefined],
      [listInvitesRoute, "GET", id, undefined],
      [createInviteRoute, "POST", id, { expiresInDays: 3 }],
    ] as const) {
      const answer = await call(member, handler as Handler, method, params, body);
      expect(answer, `${method} as a member`).toMatchObject({ status: 403, body: { error: { code: "forbidden", message: OWNERS_ONLY } } });
    }
    const seen = await call(member, teamRoute as Handler, "GET", id);
    expect(seen.status).toBe(200);
    expect(seen.body.team).toMatchObject({ name: "Design", myRole: "member", canManageMembers: false, canManageInvites: false });
    expect(await memberships(team.id)).toEqual([
      { userId: owner.id, role: "owner" },
      { userId: member.id, role: "member" },
    ]);
    expect((await testDb.db.team.findUniqueOrThrow({ where: { id: team.id } })).name).toBe("Design");
  });

  it("lets a site admin outside the team see it and manage its invites, but not its members", async () => {
    const owner = await person();
    const admin = await person("admin");
    const team = await teamOf(owner);
    const seen = await call(admin, teamRoute as Handler, "GET", { id: team.id });
    expect(seen.body.team).toMatchObject({ myRole: null, canManageMembers: false, canManageInvites: true });
    const { id } = await inviteLink(admin, team.id);
    expect((await call(admin, revokeInviteRoute as Handler, "DELETE", { id: team.id, inviteId: id })).status).toBe(204);
    expect((await call(admin, renameRoute as Handler, "PATCH", { id: team.id }, { name: "Admin's" })).status).toBe(403);
    expect((await call(admin, inviteRoute as Handler, "POST", { id: team.id }, { email: admin.email, role: "owner" })).status).toBe(403);
    expect(await memberships(team.id)).toEqual([{ userId: owner.id, role: "owner" }]);

    const everyTeam = await call(admin, adminTeamsRoute as Handler, "GET");
    expect((everyTeam.body.teams as { id: string }[]).find((row) => row.id === team.id)).toMatchObject({ name: "Design", memberCount: 1, owners: [{ id: owner.id, name: owner.name }] });
    expect((await call(owner, adminTeamsRoute as Handler, "GET")).status).toBe(403);
  });

  it("renames a team (owners only)", async () => {
    const owner = await person();
    const team = await teamOf(owner);
    const renamed = await call(owner, renameRoute as Handler, "PATCH", { id: team.id }, { name: "Brand" });
    expect(renamed.status).toBe(200);
    expect((renamed.body.team as TeamDetailDto).name).toBe("Brand");
    const smuggled = await call(owner, renameRoute as Handler, "PATCH", { id: team.id }, { name: "Brand 2", id: crypto.randomUUID() });
    expect(smuggled.status).toBe(400);
    expect((await testDb.db.team.findUniqueOrThrow({ where: { id: team.id } })).name).toBe("Brand");
  });
});

describe("members", () => {
  it("changes roles; the last owner cannot be demoted; a body cannot move the member to another team", async () => {
    const ada = await person();
    const bo = await person();
    const team = await teamOf(ada);
    const other = await teamOf(ada, "Other");
    await join(ada, team.id, bo);

    const lastOwner = await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: ada.id }, { role: "member" });
    expect(lastOwner).toMatchObject({ status: 409, body: { error: { message: LAST_OWNER_DEMOTE, fields: [{ field: "role" }] } } });
    const smuggled = await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: bo.id }, { role: "owner", teamId: other.id });
    expect(smuggled.status).toBe(400);
    const badRole = await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: bo.id }, { role: "admin" });
    expect(badRole.body.error.fields).toEqual([{ field: "role", message: "Role must be one of owner, member" }]);
    expect(await memberships(team.id)).toEqual([
      { userId: ada.id, role: "owner" },
      { userId: bo.id, role: "member" },
    ]);
    expect(await memberships(other.id)).toEqual([{ userId: ada.id, role: "owner" }]);

    const promoted = await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: bo.id }, { role: "owner" });
    expect(promoted).toMatchObject({ status: 200, body: { member: { userId: bo.id, role: "owner" } } });
    const demoted = await call(bo, roleRoute as Handler, "PATCH", { id: team.id, userId: ada.id }, { role: "member" });
    expect(demoted.status).toBe(200);
    expect((await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: bo.id }, { role: "member" })).status).toBe(403);
    expect((await call(bo, roleRoute as Handler, "PATCH", { id: team.id, userId: crypto.randomUUID() }, { role: "member" })).status).toBe(404);
    const audit = await testDb.db.auditLog.findMany({ where: { target: team.id, action: "team.role_changed" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.details)).toEqual([
      { userId: bo.id, from: "member", to: "owner" },
      { userId: ada.id, from: "owner", to: "member" },
    ]);
    // The team's owners see these entries in its audit log.
    expect(audit.map((entry) => [entry.teamId, entry.actorEmail])).toEqual([
      [team.id, ada.email],
      [team.id, bo.email],
    ]);
  });

  it("two owners demoting each other at once leave the team one owner", async () => {
    const ada = await person();
    const bo = await person();
    const team = await teamOf(ada);
    await join(ada, team.id, bo);
    await call(ada, roleRoute as Handler, "PATCH", { id: team.id, userId: bo.id }, { role: "owner" });
    const results = await Promise.allSettled([changeMemberRole(ada, team.id, bo.id, { role: "member" }), changeMemberRole(bo, team.id, ada.id, { role: "member" })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await memberships(team.id)).filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("removes a member (owners only) and forgets it as their active team", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    await join(owner, team.id, bo);
    expect((await call(bo, activeTeamRoute as Handler, "PUT", {}, { teamId: team.id })).status).toBe(200);
    const removed = await call(owner, removeMemberRoute as Handler, "DELETE", { id: team.id, userId: bo.id });
    expect(removed).toMatchObject({ status: 200, body: { userId: bo.id, teamDeleted: false } });
    expect(await memberships(team.id)).toEqual([{ userId: owner.id, role: "owner" }]);
    expect((await testDb.db.user.findUniqueOrThrow({ where: { id: bo.id } })).activeTeamId).toBeNull();
    expect((await call(bo, teamRoute as Handler, "GET", { id: team.id })).status).toBe(404);
    expect((await call(owner, removeMemberRoute as Handler, "DELETE", { id: team.id, userId: bo.id })).status).toBe(404);
  });

  it("leaving: a member may; the last owner may not while others remain; the last member's leaving deletes the team", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    await join(owner, team.id, bo);

    const ownerLeaves = await call(owner, removeMemberRoute as Handler, "DELETE", { id: team.id, userId: owner.id });
    expect(ownerLeaves).toMatchObject({ status: 409, body: { error: { code: "conflict", message: LAST_OWNER_LEAVE } } });
    const boLeaves = await call(bo, removeMemberRoute as Handler, "DELETE", { id: team.id, userId: bo.id });
    expect(boLeaves).toMatchObject({ status: 200, body: { userId: bo.id, teamDeleted: false } });
    expect(await testDb.db.auditLog.count({ where: { actorId: bo.id, action: "team.left", target: team.id, teamId: team.id } })).toBe(1);

    const { id: pendingInvite } = await inviteLink(owner, team.id);
    const lastLeaves = await call(owner, removeMemberRoute as Handler, "DELETE", { id: team.id, userId: owner.id });
    expect(lastLeaves).toMatchObject({ status: 200, body: { userId: owner.id, teamDeleted: true } });
    expect(await testDb.db.team.findUnique({ where: { id: team.id } })).toBeNull();
    expect(await testDb.db.invite.findUnique({ where: { id: pendingInvite } })).toBeNull();
    expect((await fresh(owner)).activeTeamId).toBeNull();
  });
});

describe("invitations by email", () => {
  const invite = (owner: CurrentUser, teamId: string, body: unknown) => call(owner, inviteRoute as Handler, "POST", { id: teamId }, body);
  const myInvitations = async (user: CurrentUser): Promise<MyInvitationDto[]> => (await call(user, myInvitationsRoute as Handler, "GET")).body.invitations;
  /** An answer with what differs between any two invitations (id, address, times) masked. */
  const masked = (answer: { status: number; body: { message: string; invitation: Record<string, unknown> } }, email: string) => ({
    status: answer.status,
    message: answer.body.message.replace(email, "<email>"),
    invitation: { ...answer.body.invitation, id: "<id>", email: answer.body.invitation.email === email ? "<email>" : "other", createdAt: "<time>", expiresAt: "<time>" },
  });

  it("answers an address with an account exactly as one without, names no one, and makes nobody a member", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    const known = await invite(owner, team.id, { email: ` ${bo.email.toUpperCase()} `, role: "owner" });
    const unknown = await invite(owner, team.id, { email: "nobody@example.com", role: "owner" });
    expect(known.status).toBe(201);
    expect(known.body.message).toBe(invitationSent(bo.email));
    expect(masked(known, bo.email)).toEqual(masked(unknown, "nobody@example.com"));
    expect(Object.keys(known.body.invitation).sort()).toEqual(["createdAt", "email", "expiresAt", "id", "invitedBy", "role"]);
    expect(JSON.stringify(known.body)).not.toContain(bo.id);
    expect(JSON.stringify(known.body)).not.toContain(bo.name);

    expect(await memberships(team.id)).toEqual([{ userId: owner.id, role: "owner" }]);
    expect((await fresh(bo)).teamIds).toEqual([]);
    const pending = await call(owner, listInvitationsRoute as Handler, "GET", { id: team.id });
    expect(pending.body.invitations.map((row: { email: string; role: string }) => [row.email, row.role])).toEqual([
      ["nobody@example.com", "owner"],
      [bo.email, "owner"],
    ]);
    const audit = await testDb.db.auditLog.findMany({ where: { target: team.id, action: "team.invitation_sent" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => [entry.actorId, (entry.details as { email: string }).email])).toEqual([
      [owner.id, bo.email],
      [owner.id, "nobody@example.com"],
    ]);
  });

  it("shows the invitee the team, its size and who invited; accepting makes them a member with the role offered, once", async () => {
    const owner = await person();
    const mate = await person();
    const bo = await person();
    const team = await teamOf(owner, "Studio");
    await join(owner, team.id, mate);
    const sent = await invite(owner, team.id, { email: bo.email, role: "owner" });
    expect(await myInvitations(bo)).toEqual([
      {
        id: sent.body.invitation.id,
        role: "owner",
        createdAt: expect.any(String),
        expiresAt: sent.body.invitation.expiresAt,
        team: { id: team.id, name: "Studio", memberCount: 2 },
        invitedBy: { name: owner.name, email: owner.email },
      },
    ]);
    const days = (Date.parse(sent.body.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const accepted = await call(bo, acceptRoute as Handler, "POST", { id: sent.body.invitation.id });
    expect(accepted).toMatchObject({ status: 200, body: { team: { id: team.id, name: "Studio" } } });
    expect((await memberships(team.id)).find((m) => m.userId === bo.id)).toEqual({ userId: bo.id, role: "owner" });
    expect((await fresh(bo)).activeTeamId).toBe(team.id);
    expect(await testDb.db.auditLog.count({ where: { actorId: bo.id, action: "team.joined", target: team.id, teamId: team.id, details: { equals: { via: "invitation", invitationId: sent.body.invitation.id, role: "owner" } } } })).toBe(1);

    const again = await call(bo, acceptRoute as Handler, "POST", { id: sent.body.invitation.id });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "conflict", message: YOU_ARE_ALREADY_A_MEMBER, fields: [{ field: "id" }] } } });
    expect(await myInvitations(bo)).toEqual([]);
    expect((await call(owner, listInvitationsRoute as Handler, "GET", { id: team.id })).body.invitations).toEqual([]);
  });

  it("is the invitee's alone: another account, another team's owner and a non-owner cannot see, answer or withdraw it", async () => {
    const owner = await person();
    const bo = await person();
    const cy = await person();
    const member = await person();
    const team = await teamOf(owner);
    await join(owner, team.id, member);
    const elsewhere = await teamOf(cy, "Elsewhere");
    const { id } = (await invite(owner, team.id, { email: bo.email, role: "member" })).body.invitation;

    expect(await myInvitations(cy)).toEqual([]);
    for (const route of [acceptRoute, declineRoute]) {
      const answer = await call(cy, route as Handler, "POST", { id });
      expect(answer).toMatchObject({ status: 404, body: { error: { code: "not_found", message: NO_SUCH_INVITATION, fields: [{ field: "id" }] } } });
      expect((await call(bo, route as Handler, "POST", { id: crypto.randomUUID() })).status).toBe(404);
    }
    expect((await call(cy, withdrawInvitationRoute as Handler, "DELETE", { id: elsewhere.id, invitationId: id })).body.error).toMatchObject({ code: "not_found", message: NO_SUCH_INVITATION });
    expect((await call(member, withdrawInvitationRoute as Handler, "DELETE", { id: team.id, invitationId: id })).status).toBe(403);
    expect((await call(undefined, acceptRoute as Handler, "POST", { id })).status).toBe(401);

    expect(await memberships(team.id)).toEqual([
      { userId: owner.id, role: "owner" },
      { userId: member.id, role: "member" },
    ]);
    expect((await myInvitations(bo)).map((row) => row.id)).toEqual([id]);
  });

  it("ends with a decline, a withdrawal or its expiry; a new invitation to the same address replaces the pending one", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    const accept = (id: string) => call(bo, acceptRoute as Handler, "POST", { id });
    const closed = (message: string) => ({ status: 409, body: { error: { code: "conflict", message, fields: [{ field: "id", message }] } } });

    const declined = (await invite(owner, team.id, { email: bo.email })).body.invitation;
    expect(declined.role).toBe("member");
    expect((await call(bo, declineRoute as Handler, "POST", { id: declined.id })).status).toBe(204);
    expect(await accept(declined.id)).toMatchObject(closed(INVITATION_PROBLEMS.declined));
    expect(await testDb.db.auditLog.count({ where: { actorId: bo.id, action: "team.invitation_declined", target: team.id, teamId: team.id } })).toBe(1);

    const withdrawn = (await invite(owner, team.id, { email: bo.email })).body.invitation;
    expect((await call(owner, withdrawInvitationRoute as Handler, "DELETE", { id: team.id, invitationId: withdrawn.id })).status).toBe(204);
    expect(await myInvitations(bo)).toEqual([]);
    expect(await accept(withdrawn.id)).toMatchObject(closed(INVITATION_PROBLEMS.withdrawn));
    expect((await call(owner, withdrawInvitationRoute as Handler, "DELETE", { id: team.id, invitationId: withdrawn.id })).body.error.message).toBe(INVITATION_PROBLEMS.withdrawn);
    expect(await testDb.db.auditLog.count({ where: { actorId: owner.id, action: "team.invitation_withdrawn", target: team.id, teamId: team.id } })).toBe(1);

    const expired = (await invite(owner, team.id, { email: bo.email })).body.invitation;
    await testDb.db.teamInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await myInvitations(bo)).toEqual([]);
    expect((await call(owner, listInvitationsRoute as Handler, "GET", { id: team.id })).body.invitations).toEqual([]);
    expect(await accept(expired.id)).toMatchObject(closed(INVITATION_PROBLEMS.expired));

    const first = (await invite(owner, team.id, { email: bo.email, role: "owner" })).body.invitation;
    const second = (await invite(owner, team.id, { email: bo.email, role: "member" })).body.invitation;
    expect((await myInvitations(bo)).map((row) => [row.id, row.role])).toEqual([[second.id, "member"]]);
    expect(await accept(first.id)).toMatchObject(closed(INVITATION_PROBLEMS.withdrawn));
    expect(await memberships(team.id)).toEqual([{ userId: owner.id, role: "owner" }]);
    expect((await accept(second.id)).status).toBe(200);
    expect((await memberships(team.id)).find((m) => m.userId === bo.id)?.role).toBe("member");
  });

  it("is accepted once when two accepts and a withdrawal race for it", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    const { id } = (await invite(owner, team.id, { email: bo.email, role: "owner" })).body.invitation;
    const results = await Promise.allSettled([acceptInvitation(bo, id), acceptInvitation(bo, id), withdrawTeamInvitation(owner, team.id, id)]);
    expect(results.filter((result) => result.status === "fulfilled").length).toBe(1);
    const row = await testDb.db.teamInvitation.findUniqueOrThrow({ where: { id } });
    expect([row.acceptedAt, row.withdrawnAt].filter(Boolean)).toHaveLength(1);
    expect(await memberships(team.id)).toEqual(row.acceptedAt ? [{ userId: owner.id, role: "owner" }, { userId: bo.id, role: "owner" }] : [{ userId: owner.id, role: "owner" }]);
  });

  it("refuses a member's address, a bad address or role and any other field, writing nothing", async () => {
    const owner = await person();
    const bo = await person();
    const team = await teamOf(owner);
    await join(owner, team.id, bo);
    const member = await invite(owner, team.id, { email: bo.email });
    expect(member).toMatchObject({ status: 409, body: { error: { code: "conflict", fields: [{ field: "email", message: ALREADY_A_MEMBER }] } } });
    expect((await invite(owner, team.id, { email: "not an email" })).body.error.fields[0].field).toBe("email");
    expect((await invite(owner, team.id, { email: "x@example.com", role: "admin" })).body.error.fields).toEqual([{ field: "role", message: "Role must be one of owner, member" }]);
    const smuggled = await invite(owner, team.id, { email: "x@example.com", userId: bo.id });
    expect(smuggled.status).toBe(400);
    expect(await testDb.db.teamInvitation.count({ where: { teamId: team.id, acceptedAt: null } })).toBe(0);
  });

  it("two teams of the same name are told apart in the list by their owner and when the caller joined", async () => {
    const ada = await person();
    const mallory = await person();
    const bo = await person();
    const real = await teamOf(ada, "Studio");
    await join(ada, real.id, bo);
    const lookalike = await teamOf(mallory, "Studio");
    await testDb.db.membership.update({ where: { userId_teamId: { userId: bo.id, teamId: real.id } }, data: { createdAt: new Date("2026-01-05T10:00:00Z") } });
    await join(mallory, lookalike.id, bo, "owner");

    const mine: TeamSummaryDto[] = (await call(bo, myTeamsRoute as Handler, "GET")).body.teams;
    expect(mine.map((team) => [team.id, team.name, team.role, team.owner, team.joinedAt.slice(0, 10)])).toEqual([
      [real.id, "Studio", "member", { name: ada.name, email: ada.email }, "2026-01-05"],
      [lookalike.id, "Studio", "owner", { name: mallory.name, email: mallory.email }, new Date().toISOString().slice(0, 10)],
    ]);
    const adas: TeamSummaryDto[] = (await call(ada, myTeamsRoute as Handler, "GET")).body.teams;
    expect(adas).toMatchObject([{ id: real.id, role: "owner", owner: null, memberCount: 2 }]);
  });
});

describe("invite links", () => {
  it("joins a signed-in account once; the same link is then refused as used", async () => {
    const owner = await person();
    const cy = await person();
    const dee = await person();
    const team = await teamOf(owner);
    const { id, token, link } = await inviteLink(owner, team.id);
    expect(link.pathname).toBe("/join");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await testDb.db.invite.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await call(owner, listInvitesRoute as Handler, "GET", { id: team.id });
    expect(listed.body.invites.map((invite: { id: string }) => invite.id)).toEqual([id]);

    const joined = await call(cy, joinRoute as Handler, "POST", {}, { token });
    expect(joined).toMatchObject({ status: 200, body: { team: { id: team.id, name: "Design" } } });
    expect(await memberships(team.id)).toEqual([
      { userId: owner.id, role: "owner" },
      { userId: cy.id, role: "member" },
    ]);
    expect((await fresh(cy)).activeTeamId).toBe(team.id);

    const reused = await call(dee, joinRoute as Handler, "POST", {}, { token });
    expect(reused).toMatchObject({ status: 403, body: { error: { message: INVITE_PROBLEMS.used, fields: [{ field: "invite", message: INVITE_PROBLEMS.used }] } } });
    expect((await fresh(dee)).teamIds).toEqual([]);
    expect((await call(owner, listInvitesRoute as Handler, "GET", { id: team.id })).body.invites).toEqual([]);
  });

  it("refuses expired and revoked links, and keeps a link unused when a member opens it", async () => {
    const owner = await person();
    const eve = await person();
    const team = await teamOf(owner);
    const expired = await inviteLink(owner, team.id);
    await testDb.db.invite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(eve, joinRoute as Handler, "POST", {}, { token: expired.token })).body.error.message).toBe(INVITE_PROBLEMS.expired);

    const revoked = await inviteLink(owner, team.id);
    const otherTeam = await teamOf(await person(), "Elsewhere");
    expect((await call(owner, revokeInviteRoute as Handler, "DELETE", { id: otherTeam.id, inviteId: revoked.id })).status).toBe(404);
    const ownersOtherTeam = await teamOf(owner, "Owner's other");
    expect((await call(owner, revokeInviteRoute as Handler, "DELETE", { id: ownersOtherTeam.id, inviteId: revoked.id })).status).toBe(404);
    expect((await call(owner, revokeInviteRoute as Handler, "DELETE", { id: team.id, inviteId: revoked.id })).status).toBe(204);
    expect((await call(eve, joinRoute as Handler, "POST", {}, { token: revoked.token })).body.error.message).toBe(INVITE_PROBLEMS.revoked);
    expect((await call(eve, joinRoute as Handler, "POST", {}, { token: "not a token" })).status).toBe(400);
    expect((await call(eve, joinRoute as Handler, "POST", {}, { token: "A".repeat(43) })).body.error.message).toBe(INVITE_PROBLEMS.unknown);

    const unused = await inviteLink(owner, team.id);
    const own = await call(owner, joinRoute as Handler, "POST", {}, { token: unused.token });
    expect(own).toMatchObject({ status: 409, body: { error: { message: YOU_ARE_ALREADY_A_MEMBER, fields: [{ field: "token" }] } } });
    expect((await testDb.db.invite.findUniqueOrThrow({ where: { id: unused.id } })).usedAt).toBeNull();
    expect(await memberships(team.id)).toEqual([{ userId: owner.id, role: "owner" }]);
  });

  it("refuses an expiry outside 1-30 days and extra fields", async () => {
    const owner = await person();
    const team = await teamOf(owner);
    const tooLong = await call(owner, createInviteRoute as Handler, "POST", { id: team.id }, { expiresInDays: 31 });
    expect(tooLong.body.error.fields).toEqual([{ field: "expiresInDays", message: "Expires in days must be at most 30" }]);
    const smuggled = await call(owner, createInviteRoute as Handler, "POST", { id: team.id }, { expiresInDays: 3, teamId: crypto.randomUUID() });
    expect(smuggled.status).toBe(400);
    expect(await testDb.db.invite.count({ where: { teamId: team.id } })).toBe(0);
  });

  it("a person without an account signs up with a team's link and joins that team, while the admin lets team invites create accounts", async () => {
    const owner = await person();
    const team = await teamOf(owner);
    const { token } = await inviteLink(owner, team.id);
    await testDb.db.siteSettings.update({ where: { id: 1 }, data: { teamInvitesCreateAccounts: true } });
    try {
      const account = await createAccount({ name: "Newcomer", email: "newcomer@example.com", password: "a long password" }, token);
      expect(await memberships(team.id)).toEqual([
        { userId: owner.id, role: "owner" },
        { userId: account.id, role: "member" },
      ]);
    } finally {
      await testDb.db.siteSettings.update({ where: { id: 1 }, data: { teamInvitesCreateAccounts: false } });
    }
  });

  it("with team invites creating no accounts (the default), a team's link is refused for a new account and stays unused", async () => {
    const owner = await person();
    const team = await teamOf(owner);
    const { token, id } = await inviteLink(owner, team.id);
    await expect(createAccount({ name: "Outsider", email: "outsider@example.com", password: "a long password" }, token)).rejects.toMatchObject({
      code: "forbidden",
      fields: [{ field: "invite", message: TEAM_INVITE_NEEDS_ACCOUNT }],
    });
    expect(await testDb.db.user.count({ where: { email: "outsider@example.com" } })).toBe(0);
    expect((await testDb.db.invite.findUniqueOrThrow({ where: { id } })).usedAt).toBeNull();
  });
});

describe("active team", () => {
  it("is one of the user's own teams; any other id is a 404 on teamId", async () => {
    const ada = await person();
    const first = await teamOf(ada, "First");
    const second = await teamOf(ada, "Second");
    const stranger = await teamOf(await person(), "Not Ada's");

    const picked = await call(ada, activeTeamRoute as Handler, "PUT", {}, { teamId: second.id });
    expect(picked).toMatchObject({ status: 200, body: { activeTeamId: second.id } });
    expect((await fresh(ada)).activeTeamId).toBe(second.id);

    const foreign = await call(ada, activeTeamRoute as Handler, "PUT", {}, { teamId: stranger.id });
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: "not_found", fields: [{ field: "teamId" }] } } });
    expect((await call(ada, activeTeamRoute as Handler, "PUT", {}, { teamId: "first" })).body.error.fields[0].field).toBe("teamId");
    expect((await call(ada, activeTeamRoute as Handler, "PUT", {}, { teamId: first.id, userId: crypto.randomUUID() })).status).toBe(400);
    expect((await fresh(ada)).activeTeamId).toBe(second.id);
  });
});
