import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminCsvRoute } from "@/app/api/admin/audit/csv/route";
import { GET as adminAuditRoute } from "@/app/api/admin/audit/route";
import { GET as teamCsvRoute } from "@/app/api/teams/[id]/audit/csv/route";
import { GET as teamAuditRoute } from "@/app/api/teams/[id]/audit/route";
import { setUserDisabled } from "@/lib/auth/user-status";
import { updateSiteSettings } from "@/lib/auth/site-settings";
import type { CurrentUser } from "@/lib/auth/types";
import { deleteConversation } from "@/lib/chat/conversations";
import { shareItem } from "@/lib/gallery/share-item";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { createEntry, createPerson } from "@/test/team-people";
import { AUDIT_CSV_HEADER, AUDIT_PAGE_SIZE, type AuditEntryDto, type AuditPage } from "./audit-rules";
import { recordAudit } from "./record-audit";

// The audit log: append-only in the database itself, and read through its routes by site admins
// (everything) and team owners (their team's entries), filtered, a page at a time and as CSV.
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

async function team(name: string) {
  return testDb.db.team.create({ data: { name } });
}

/** A person in `teams` with `teamRole` there, as the request of theirs would carry them. */
function person(teams: { id: string; name: string }[], { role = "member", teamRole = "member" }: { role?: "admin" | "member"; teamRole?: "owner" | "member" } = {}): Promise<CurrentUser> {
  counter += 1;
  return createPerson(testDb.db, `Person ${counter}`, teams, role, teamRole);
}

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

async function get(user: CurrentUser | undefined, handler: Handler, query: Record<string, string> = {}, params: Record<string, string> = {}) {
  session.user = user;
  const response = await handler(new Request(`http://studio.test/api/audit?${new URLSearchParams(query)}`), { params: Promise.resolve(params) as Promise<never> });
  return response;
}

async function page(user: CurrentUser, handler: Handler, query: Record<string, string> = {}, params: Record<string, string> = {}) {
  const response = await get(user, handler, query, params);
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

const targets = (entries: AuditEntryDto[]) => entries.map((entry) => entry.target);

describe("the audit table is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of entries, whoever asks", async () => {
    const design = await team("Append-only");
    const owner = await person([design], { teamRole: "owner" });
    await testDb.db.$transaction((tx) => recordAudit(tx, { actor: owner, action: "team.renamed", target: design.id, teamId: design.id }));
    const entry = await testDb.db.auditLog.findFirstOrThrow({ where: { teamId: design.id } });

    await expect(testDb.db.auditLog.update({ where: { id: entry.id }, data: { action: "team.created" } })).rejects.toThrow(/append-only/);
    await expect(testDb.db.auditLog.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
    await expect(testDb.db.$executeRawUnsafe(`UPDATE "AuditLog" SET "target" = NULL WHERE "id" = $1`, entry.id)).rejects.toThrow(/append-only/);
    await expect(testDb.db.$executeRawUnsafe(`DELETE FROM "AuditLog" WHERE "id" = $1`, entry.id)).rejects.toThrow(/append-only/);
    await expect(testDb.db.$executeRawUnsafe(`TRUNCATE "AuditLog"`)).rejects.toThrow(/append-only/);
    expect(await testDb.db.auditLog.findUniqueOrThrow({ where: { id: entry.id } })).toEqual(entry);
  });

  it("keeps an entry, with the actor's name and email, when the actor's account and the team are deleted", async () => {
    const gone = await team("Gone soon");
    const owner = await person([gone], { teamRole: "owner" });
    await testDb.db.$transaction((tx) => recordAudit(tx, { actor: owner, action: "team.renamed", target: gone.id, teamId: gone.id }));
    await testDb.db.user.delete({ where: { id: owner.id } });
    await testDb.db.team.delete({ where: { id: gone.id } });
    expect(await testDb.db.auditLog.findFirstOrThrow({ where: { teamId: gone.id } })).toMatchObject({ actorId: owner.id, actorEmail: owner.email, actorName: owner.name });
  });
});

describe("who and which team each change is recorded with", () => {
  it("records the actor's name and email and the team an unshare and a conversation's deletion concern", async () => {
    const design = await team("Recorded");
    const owner = await person([design], { teamRole: "owner" });
    const item = await createEntry(testDb.db, owner, { teamId: design.id, outputs: [] });
    await shareItem(owner, item.id, null);
    expect(await testDb.db.auditLog.findFirstOrThrow({ where: { action: "gallery.unshared", target: item.id } })).toMatchObject({
      actorId: owner.id,
      actorName: owner.name,
      actorEmail: owner.email,
      teamId: design.id,
      details: { teamId: null, from: design.id },
    });

    const conversation = await testDb.db.conversation.create({ data: { ownerId: owner.id, teamId: design.id, title: "Moodboard" } });
    await deleteConversation(owner, conversation.id);
    expect(await testDb.db.auditLog.findFirstOrThrow({ where: { action: "conversation.deleted", target: conversation.id } })).toMatchObject({ actorId: owner.id, teamId: design.id });
  });
});

describe("reading the audit log", () => {
  it("shows a site admin every entry, newest first, narrowed by action, category, actor, team, dates and target", async () => {
    const posters = await team("Posters");
    const packaging = await team("Packaging");
    const admin = await person([], { role: "admin" });
    const owner = await person([posters], { teamRole: "owner" });
    const other = await person([packaging], { teamRole: "owner" });
    await setUserDisabled(admin, other.id, true);
    await updateSiteSettings(admin, { publicShareLinks: false });
    await testDb.db.$transaction(async (tx) => {
      await recordAudit(tx, { actor: owner, action: "team.renamed", target: posters.id, teamId: posters.id, details: { from: "P", to: "Posters" } });
      await recordAudit(tx, { actor: other, action: "team.renamed", target: packaging.id, teamId: packaging.id });
    });
    await testDb.db.auditLog.create({ data: { actorId: owner.id, actorEmail: owner.email, actorName: owner.name, action: "team.created", target: posters.id, teamId: posters.id, createdAt: new Date("2026-01-15T12:00:00Z") } });

    const everything = await page(admin, adminAuditRoute as Handler);
    expect(everything.entries.slice(0, 4).map((entry) => entry.action)).toEqual(["team.renamed", "team.renamed", "settings.public_share_links", "user.disabled"]);
    expect(everything.entries.find((entry) => entry.team?.id === packaging.id)).toMatchObject({
      category: "teams",
      actor: { id: other.id, name: other.name, email: other.email },
      team: { id: packaging.id, name: "Packaging" },
    });

    expect(targets((await page(admin, adminAuditRoute as Handler, { action: "user.disabled", actorId: admin.id })).entries)).toEqual([other.id]);
    const settings = await page(admin, adminAuditRoute as Handler, { category: "settings", actorId: admin.id });
    expect(settings.entries.map((entry) => entry.action)).toEqual(["settings.public_share_links"]);
    expect(targets((await page(admin, adminAuditRoute as Handler, { teamId: posters.id })).entries)).toEqual([posters.id, posters.id]);
    expect((await page(admin, adminAuditRoute as Handler, { teamId: posters.id, from: "2026-01-15", to: "2026-01-15" })).entries.map((entry) => entry.action)).toEqual(["team.created"]);
    expect((await page(admin, adminAuditRoute as Handler, { teamId: posters.id, to: "2026-01-14" })).entries).toEqual([]);
    expect(targets((await page(admin, adminAuditRoute as Handler, { target: other.id.slice(0, 13).toUpperCase() })).entries)).toEqual([other.id]);
  });

  it("pages with a cursor, each entry once", async () => {
    const busy = await team("Busy");
    const owner = await person([busy], { teamRole: "owner" });
    const admin = await person([], { role: "admin" });
    const moment = new Date();
    // Entries that share their timestamp too: the id breaks the tie, so none is skipped or repeated.
    await testDb.db.auditLog.createMany({
      data: Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => ({ actorId: owner.id, action: "team.renamed", target: `rename-${index}`, teamId: busy.id, createdAt: moment })),
    });
    const first = await page(admin, adminAuditRoute as Handler, { teamId: busy.id });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(admin, adminAuditRoute as Handler, { teamId: busy.id, cursor: first.nextCursor! });
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...targets(first.entries), ...targets(second.entries)]).size).toBe(AUDIT_PAGE_SIZE + 5);
  });

  it("shows a team owner only their team's entries; a member is refused, an outsider told there is no such team", async () => {
    const mine = await team("Mine");
    const theirs = await team("Theirs");
    const owner = await person([mine], { teamRole: "owner" });
    const member = await person([mine]);
    const outsider = await person([theirs], { teamRole: "owner" });
    await testDb.db.$transaction(async (tx) => {
      await recordAudit(tx, { actor: owner, action: "team.role_changed", target: mine.id, teamId: mine.id });
      await recordAudit(tx, { actor: outsider, action: "team.role_changed", target: theirs.id, teamId: theirs.id });
    });

    const own = await page(owner, teamAuditRoute as Handler, {}, { id: mine.id });
    expect(own.entries.map((entry) => entry.team?.id)).toEqual([mine.id]);
    // A team filter cannot widen a team owner's view: the parameter is refused by name.
    expect((await get(owner, teamAuditRoute as Handler, { teamId: theirs.id }, { id: mine.id })).status).toBe(400);

    const refused = await get(member, teamAuditRoute as Handler, {}, { id: mine.id });
    expect(refused.status).toBe(403);
    expect((await get(member, teamCsvRoute as Handler, {}, { id: mine.id })).status).toBe(403);
    expect((await get(outsider, teamAuditRoute as Handler, {}, { id: mine.id })).status).toBe(404);
    expect((await get(owner, adminAuditRoute as Handler)).status).toBe(403);
    expect((await get(owner, adminCsvRoute as Handler)).status).toBe(403);
    expect((await get(undefined, adminAuditRoute as Handler)).status).toBe(401);

    const csv = await (await get(owner, teamCsvRoute as Handler, {}, { id: mine.id })).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
  });

  it("refuses a filter that breaks a rule, naming the field", async () => {
    const admin = await person([], { role: "admin" });
    for (const [query, field] of [
      [{ action: "toString" }, "action"],
      [{ category: "everything" }, "category"],
      [{ actorId: "ada" }, "actorId"],
      [{ from: "2026-02-30" }, "from"],
      [{ from: "2026-03-02", to: "2026-03-01" }, "from"],
      [{ cursor: "AAAA" }, "cursor"],
    ] as const) {
      const response = await get(admin, adminAuditRoute as Handler, query);
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields[0].field).toBe(field);
    }
  });
});

describe("the CSV export", () => {
  it("exports the filtered entries with a header, quoting and formulas defused", async () => {
    const admin = await person([], { role: "admin" });
    const sneaky = await team("Sneaky");
    const actor = { id: admin.id, email: admin.email, name: 'Ada "Lovelace", admin' };
    await testDb.db.$transaction(async (tx) => {
      await recordAudit(tx, { actor, action: "team.renamed", target: "=HYPERLINK(\"http://evil\")", teamId: sneaky.id, details: { to: "+1" } });
      await recordAudit(tx, { actor, action: "team.renamed", target: "@SUM(A1)", teamId: sneaky.id });
      await recordAudit(tx, { actor, action: "team.renamed", target: "-2", teamId: sneaky.id });
    });
    const response = await get(admin, adminCsvRoute as Handler, { teamId: sneaky.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(","));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe("");
    // Written in one transaction, the three may share their time: found by content, not position.
    const line = (target: string) => lines.find((text) => text.includes(`,${target},`));
    expect(line("'-2")).toBeDefined();
    expect(line("'@SUM(A1)")).toBeDefined();
    const formula = line(`"'=HYPERLINK(""http://evil"")"`);
    expect(formula).toContain(`,"Ada ""Lovelace"", admin",${admin.email},`);
    expect(formula).toContain(`,Sneaky,${sneaky.id},"{""to"":""+1""}"`);
  });
});
