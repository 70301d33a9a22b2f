import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminUsageRoute } from "@/app/api/admin/usage/route";
import { GET as usageRoute } from "@/app/api/usage/route";
import type { CurrentUser } from "@/lib/auth/current-user";
import { settleJobCharge } from "@/lib/budgets/settle";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { createTestUser } from "@/test/users";
import { everyonesUsageRows } from "./read-usage";
import type { UsageReportDto } from "./usage-dto";
import { USAGE_TURN_MODEL } from "./usage-labels";
import { GENERATION_USAGE_SOURCE, recordGenerationUsage, recordTurnUsage, recordVideoUsage } from "./record-usage";
import { addDays, utcDay } from "./usage-rules";
import { adminUsageQuerySchema } from "./usage-schemas";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// Usage: two users in two teams on two days, through the real query and routes. Each piece of work
// is written as it is made, with its job's reservation on the charge ledger, and its end records what
// it used and settles the charge (in the same transaction), as the studio does. Alpha v3 and the
// text-to-video task have prices, so the amounts are checked too.
const DAY1 = "2026-11-01";
const DAY2 = "2026-11-02";
const at = (day: string, time = "10:00:00") => new Date(`${day}T${time}Z`);

let testDb: TestDb;
let db: PrismaClient;
let ada: CurrentUser;
let bob: CurrentUser;
let admin: CurrentUser;
let red: string;
let blue: string;

const PRICES: Record<string, { per1kTokensMicros: number; perImageMicros: number; perVideoSecondMicros: number }> = {
  "alpha-image-v3": { per1kTokensMicros: 2_000_000, perImageMicros: 40_000, perVideoSecondMicros: 0 },
  t2va: { per1kTokensMicros: 0, perImageMicros: 0, perVideoSecondMicros: 100_000 },
};
const FREE = { per1kTokensMicros: 0, perImageMicros: 0, perVideoSecondMicros: 0 };

type Work = { generationId: string; turnId: null; videoJobId: null } | { generationId: null; turnId: string; videoJobId: null } | { generationId: null; turnId: null; videoJobId: string };

/** The job of a piece of work: its reservation when it starts, and the end that settles it (after `record`, in one transaction). */
async function ledger(owner: CurrentUser, teamId: string | null, model: string, startedAt: Date, work: Work, record?: (tx: Prisma.TransactionClient) => Promise<void>) {
  const job = { id: crypto.randomUUID(), ...work };
  await db.chargeEntry.create({ data: { kind: "reservation", at: startedAt, jobId: job.id, userId: owner.id, teamId, model, images: 1, ...(PRICES[model] ?? FREE), amountMicros: 1_000_000n } });
  await db.$transaction(async (tx) => {
    await record?.(tx);
    await settleJobCharge(tx, job);
  });
  return job;
}

async function generation(owner: CurrentUser, teamId: string | null, model: string, day: string, tokens: number, images: number, status: "succeeded" | "failed" = "succeeded", time?: string) {
  const row = await db.generation.create({
    data: { ownerId: owner.id, teamId, kind: model.startsWith("beta") ? "beta" : "alpha_v3", model, prompt: "a boat", params: {}, status, tokens, createdAt: at(day, time) },
  });
  for (let index = 0; index < images; index += 1) {
    await db.asset.create({
      data: { kind: index % 2 ? "layer" : "image", storageKey: `k-${row.id}-${index}`, sha256: "0".repeat(64), mime: "image/png", bytes: 10, ownerId: owner.id, teamId, generationId: row.id, position: index },
    });
  }
  const record = async (tx: Prisma.TransactionClient) => recordGenerationUsage(tx, await tx.generation.findUniqueOrThrow({ where: { id: row.id }, select: GENERATION_USAGE_SOURCE }), images);
  const job = await ledger(owner, teamId, model, at(day, time), { generationId: row.id, turnId: null, videoJobId: null }, status === "succeeded" ? record : undefined);
  return { ...row, job };
}

async function turn(owner: CurrentUser, teamId: string | null, day: string, tokens: number, images: number, status: "succeeded" | "failed" = "succeeded") {
  const conversation = await db.conversation.create({ data: { ownerId: owner.id, teamId, title: "Chat" } });
  const row = await db.turn.create({
    data: { conversationId: conversation.id, userText: "make it red", params: {}, requestMessages: [], status, tokens, createdAt: at(day) },
  });
  for (let index = 0; index < images; index += 1) {
    await db.asset.create({ data: { kind: "image", storageKey: `t-${row.id}-${index}`, sha256: "1".repeat(64), mime: "image/png", bytes: 10, ownerId: owner.id, teamId, turnId: row.id } });
  }
  // An input the user attached is not an image the model made.
  await db.asset.create({ data: { kind: "input", storageKey: `i-${row.id}`, sha256: "2".repeat(64), mime: "image/png", bytes: 10, ownerId: owner.id, teamId, turnId: row.id } });
  await ledger(owner, teamId, USAGE_TURN_MODEL, at(day), { generationId: null, turnId: row.id, videoJobId: null }, status === "succeeded" ? (tx) => recordTurnUsage(tx, row.id) : undefined);
}

async function video(owner: CurrentUser, teamId: string | null, task: string, day: string, seconds: number, archivedMs: number | null, status: "ready" | "failed" = "ready") {
  const asset = archivedMs === null ? null : await db.asset.create({ data: { kind: "video", storageKey: `v-${crypto.randomUUID()}`, sha256: "3".repeat(64), mime: "video/mp4", bytes: 10, durationMs: archivedMs, ownerId: owner.id, teamId } });
  const row = await db.videoJob.create({
    data: { ownerId: owner.id, teamId, correlationId: crypto.randomUUID(), task, prompt: "a boat", status, params: { task, durationSeconds: seconds }, assetId: asset?.id, createdAt: at(day) },
  });
  await ledger(owner, teamId, task, at(day), { generationId: null, turnId: null, videoJobId: row.id }, status === "ready" ? (tx) => recordVideoUsage(tx, row, seconds) : undefined);
  return row;
}

const get = async (handler: typeof usageRoute, url: string) => handler(new Request(`http://studio.test${url}`), { params: Promise.resolve({}) });
const report = async (handler: typeof usageRoute, url: string) => {
  const response = await get(handler, url);
  expect(response.status).toBe(200);
  return (await response.json()) as UsageReportDto;
};

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  ada = await createTestUser(db);
  bob = await createTestUser(db);
  admin = await createTestUser(db, "admin");
  red = (await db.team.create({ data: { name: "=Red team" } })).id;
  blue = (await db.team.create({ data: { name: 'Blue, "the" team' } })).id;

  await generation(ada, red, "alpha-image-v3", DAY1, 100, 1);
  await generation(ada, red, "alpha-image-v3", DAY1, 50, 2, "succeeded", "23:59:59");
  await generation(ada, red, "alpha-image-v3", DAY1, 999, 1, "failed");
  await generation(ada, blue, "beta-image-v5.0-pro", DAY2, 300, 3, "succeeded", "00:00:00");
  await turn(ada, red, DAY2, 40, 1);
  await turn(ada, red, DAY2, 777, 1, "failed");
  await video(ada, null, "t2va", DAY1, 5, 5200);
  await generation(bob, blue, "beta-image-v5.0-lite", DAY1, 70, 1);
  await turn(bob, blue, DAY1, 30, 2);
  await video(bob, blue, "fl2va", DAY2, 8, null);
  await video(bob, blue, "ref2va", DAY2, 8, 8000, "failed");
  // Outside the range.
  await generation(bob, blue, "beta-image-v5.0-lite", addDays(DAY1, -1), 5000, 1, "succeeded", "23:59:59");
  await generation(bob, blue, "beta-image-v5.0-lite", addDays(DAY2, 1), 5000, 1, "succeeded", "00:00:00");
});
afterAll(async () => {
  await testDb.close();
});

describe("usage per user, team, model and day", () => {
  it("adds up succeeded work only, per UTC day, user, team and model", async () => {
    const rows = await everyonesUsageRows(adminUsageQuerySchema.parse({ from: DAY1, to: DAY2 }));
    const pick = ({ day, userId, teamName, model, tokens, images, videoSeconds, amountMicros }: (typeof rows)[number]) => ({ day, userId, teamName, model, tokens, images, videoSeconds, amountMicros });
    expect(rows.map(pick)).toEqual(
      expect.arrayContaining([
        { day: DAY1, userId: ada.id, teamName: "=Red team", model: "alpha-image-v3", tokens: 150, images: 3, videoSeconds: 0, amountMicros: 420_000 },
        { day: DAY1, userId: ada.id, teamName: null, model: "t2va", tokens: 0, images: 0, videoSeconds: 5.2, amountMicros: 520_000 },
        { day: DAY2, userId: ada.id, teamName: 'Blue, "the" team', model: "beta-image-v5.0-pro", tokens: 300, images: 3, videoSeconds: 0, amountMicros: 0 },
        { day: DAY2, userId: ada.id, teamName: "=Red team", model: USAGE_TURN_MODEL, tokens: 40, images: 1, videoSeconds: 0, amountMicros: 0 },
        { day: DAY1, userId: bob.id, teamName: 'Blue, "the" team', model: "beta-image-v5.0-lite", tokens: 70, images: 1, videoSeconds: 0, amountMicros: 0 },
        { day: DAY1, userId: bob.id, teamName: 'Blue, "the" team', model: USAGE_TURN_MODEL, tokens: 30, images: 2, videoSeconds: 0, amountMicros: 0 },
        { day: DAY2, userId: bob.id, teamName: 'Blue, "the" team', model: "fl2va", tokens: 0, images: 0, videoSeconds: 8, amountMicros: 0 },
      ]),
    );
    expect(rows).toHaveLength(7);
  });

  it("groups by user, team and model with totals, and charts every day of the range", async () => {
    session.user = admin;
    const byUser = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&groupBy=user`);
    expect(byUser.totals).toEqual({ tokens: 590, images: 10, videoSeconds: 13.2, amountMicros: 940_000 });
    expect(byUser.currency).toBe("USD");
    expect(byUser.groups.map(({ key, tokens, images, videoSeconds }) => ({ key, tokens, images, videoSeconds }))).toEqual([
      { key: ada.id, tokens: 490, images: 7, videoSeconds: 5.2 },
      { key: bob.id, tokens: 100, images: 3, videoSeconds: 8 },
    ]);
    const byTeam = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&groupBy=team`);
    expect(byTeam.groups.map(({ label, tokens, videoSeconds }) => ({ label, tokens, videoSeconds }))).toEqual([
      { label: 'Blue, "the" team', tokens: 400, videoSeconds: 8 },
      { label: "=Red team", tokens: 190, videoSeconds: 0 },
      { label: "No team", tokens: 0, videoSeconds: 5.2 },
    ]);
    const byModel = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&groupBy=model`);
    expect(byModel.groups.map(({ label, tokens }) => ({ label, tokens }))[0]).toEqual({ label: "Beta Pro", tokens: 300 });
    expect(byModel.models).toEqual(["alpha-image-v3", USAGE_TURN_MODEL, "beta-image-v5.0-pro", "beta-image-v5.0-lite", "t2va", "fl2va"]);
    const byDay = await report(adminUsageRoute, `/api/admin/usage?from=${addDays(DAY1, -2)}&to=${DAY2}`);
    expect(byDay.days.map((day) => day.day)).toEqual([addDays(DAY1, -2), addDays(DAY1, -1), DAY1, DAY2]);
    expect(byDay.days[2].models["alpha-image-v3"]).toEqual({ tokens: 150, images: 3, videoSeconds: 0, amountMicros: 420_000 });
    expect(byDay.groups.map(({ key, tokens }) => ({ key, tokens }))).toEqual([
      { key: addDays(DAY1, -1), tokens: 5000 },
      { key: DAY1, tokens: 250 },
      { key: DAY2, tokens: 340 },
    ]);
  });

  it("filters by user, team, no team and model", async () => {
    session.user = admin;
    const bobs = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&userId=${bob.id}`);
    expect(bobs.totals.tokens).toBe(100);
    const redTeam = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&teamId=${red}`);
    expect(redTeam.totals).toEqual({ tokens: 190, images: 4, videoSeconds: 0, amountMicros: 420_000 });
    const noTeam = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&teamId=none`);
    expect(noTeam.totals).toEqual({ tokens: 0, images: 0, videoSeconds: 5.2, amountMicros: 520_000 });
    const turns = await report(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&model=${USAGE_TURN_MODEL}&groupBy=user`);
    expect(turns.groups.map(({ key, tokens }) => ({ key, tokens }))).toEqual([
      { key: ada.id, tokens: 40 },
      { key: bob.id, tokens: 30 },
    ]);
  });

  it("refuses a range in the wrong order or longer than a year, naming the field", async () => {
    session.user = admin;
    const backwards = await get(adminUsageRoute, `/api/admin/usage?from=${DAY2}&to=${DAY1}`);
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).error.fields).toEqual([{ field: "from", message: "From must be on or before To" }]);
    const long = await get(adminUsageRoute, `/api/admin/usage?from=2025-01-01&to=${DAY2}`);
    expect((await long.json()).error.fields).toEqual([{ field: "from", message: "The range must span at most 366 days" }]);
    const badDay = await get(adminUsageRoute, `/api/admin/usage?to=2026-02-30`);
    expect((await badDay.json()).error.fields).toEqual([{ field: "to", message: "To must be a real calendar date" }]);
  });

  it("defaults to the last 30 days, today included", async () => {
    const today = utcDay(new Date());
    const carol = await createTestUser(db);
    await generation(carol, blue, "alpha-image-v3", today, 11, 0);
    await generation(carol, blue, "alpha-image-v3", addDays(today, -29), 22, 0, "succeeded", "00:00:00");
    await generation(carol, blue, "alpha-image-v3", addDays(today, -30), 44, 0, "succeeded", "23:59:59");
    session.user = carol;
    const recent = await report(usageRoute, "/api/usage");
    expect(recent.from).toBe(addDays(today, -29));
    expect(recent.to).toBe(today);
    expect(recent.days).toHaveLength(30);
    expect(recent.totals.tokens).toBe(33);
  });
});

describe("the ledger", () => {
  it("keeps what was spent, in the figures and the export, when the work is deleted afterwards, and counts each job once", async () => {
    const dan = await createTestUser(db);
    const made = await generation(dan, red, "alpha-image-v3", DAY1, 60, 2);
    const clip = await video(dan, red, "t2va", DAY1, 4, 4100);
    const query = adminUsageQuerySchema.parse({ from: DAY1, to: DAY1, userId: dan.id });
    const csvUrl = `/api/admin/usage?from=${DAY1}&to=${DAY1}&format=csv&userId=${dan.id}`;
    session.user = admin;
    const before = await everyonesUsageRows(query);
    const csvBefore = await (await get(adminUsageRoute, csvUrl)).text();
    expect(before.map(({ model, tokens, images, videoSeconds, amountMicros }) => ({ model, tokens, images, videoSeconds, amountMicros }))).toEqual([
      { model: "alpha-image-v3", tokens: 60, images: 2, videoSeconds: 0, amountMicros: 200_000 },
      { model: "t2va", tokens: 0, images: 0, videoSeconds: 4.1, amountMicros: 410_000 },
    ]);
    expect(csvBefore).toContain(",Alpha v3,60,2,0,0.2,USD\r\n");
    await db.$transaction((tx) => settleJobCharge(tx, made.job));
    await db.asset.deleteMany({ where: { OR: [{ generationId: made.id }, { id: clip.assetId! }] } });
    await db.generation.delete({ where: { id: made.id } });
    await db.videoJob.delete({ where: { id: clip.id } });
    await db.usageEntry.deleteMany({ where: { userId: dan.id } });
    expect(await everyonesUsageRows(query)).toEqual(before);
    expect(await (await get(adminUsageRoute, csvUrl)).text()).toBe(csvBefore);
  });
});

describe("who may read whose usage", () => {
  it("gives a member only their own usage, and refuses a user or team filter by name", async () => {
    session.user = ada;
    const own = await report(usageRoute, `/api/usage?from=${DAY1}&to=${DAY2}&groupBy=user`);
    expect(own.groups.map((group) => group.key)).toEqual([ada.id]);
    expect(own.totals).toEqual({ tokens: 490, images: 7, videoSeconds: 5.2, amountMicros: 940_000 });
    for (const [name, value] of [["userId", bob.id], ["teamId", blue]]) {
      const other = await get(usageRoute, `/api/usage?from=${DAY1}&to=${DAY2}&${name}=${value}`);
      expect(other.status).toBe(400);
      const body = await other.json();
      expect(body.error.fields).toEqual([{ field: name, message: `${name} is not a parameter of this usage query` }]);
      expect(JSON.stringify(body)).not.toContain(bob.id);
    }
  });

  it("refuses everyone's usage and its export to members with 403", async () => {
    session.user = ada;
    expect((await get(adminUsageRoute, "/api/admin/usage")).status).toBe(403);
    const csv = await get(adminUsageRoute, "/api/admin/usage?format=csv");
    expect(csv.status).toBe(403);
    expect(csv.headers.get("content-disposition")).toBeNull();
    session.user = undefined;
    expect((await get(adminUsageRoute, "/api/admin/usage")).status).toBe(401);
    expect((await get(usageRoute, "/api/usage")).status).toBe(401);
  });
});

describe("CSV export", () => {
  it("downloads a header and one quoted, formula-safe line per day, user, team and model", async () => {
    await db.user.update({ where: { id: bob.id }, data: { name: "@bob\nsmith" } });
    session.user = admin;
    const response = await get(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY2}&format=csv&userId=${bob.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="usage-${DAY1}-to-${DAY2}.csv"`);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("day,user,email,team,model,tokens,images,video_seconds,amount,currency");
    expect(lines).toContain(`${DAY1},"'@bob\nsmith",${bob.email},"Blue, ""the"" team",Beta Lite,70,1,0,0,USD`);
    expect(lines).toContain(`${DAY2},"'@bob\nsmith",${bob.email},"Blue, ""the"" team",Video: First / last frame,0,0,8,0,USD`);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(5);
    session.user = admin;
    const red = await (await get(adminUsageRoute, `/api/admin/usage?from=${DAY1}&to=${DAY1}&format=csv&userId=${ada.id}&model=alpha-image-v3`)).text();
    expect(red).toBe(`day,user,email,team,model,tokens,images,video_seconds,amount,currency\r\n${DAY1},${ada.name},${ada.email},'=Red team,Alpha v3,150,3,0,0.42,USD\r\n`);
  });
});
