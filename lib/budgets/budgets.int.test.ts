import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@/lib/auth/types";
import { openDatabase, type Database } from "@/lib/db/database";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { betaFormSchema } from "@/lib/images/beta-schemas";
import { startBeta } from "@/lib/images/generate-beta";
import { createConversation } from "@/lib/chat/conversations";
import { sendTurnSchema } from "@/lib/chat/schemas";
import { startTurn } from "@/lib/chat/send-turn";
import { submitVideo } from "@/lib/videos/submit-video";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { createJob, lockOwnerJobs } from "@/lib/jobs/job-changes";
import { runJob, runnerClaim } from "@/lib/jobs/runner";
import { ALPHA_V3_MODEL } from "@/lib/upstream/alpha/wire-v3";
import { waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createPerson } from "@/test/team-people";
import type { BudgetMetric, BudgetPeriod } from "./budget-labels";
import { myBudgets } from "./budget-status";
import { spendThisMonth } from "./spend-summary";

// Budgets bind before anything is spent: a start reserves its estimated cost in the transaction that
// records its job, under a lock on each budget's row, and the job's end settles it with what the
// service reported (or releases it). Every step is a row of the append-only charge ledger.
const context = useStudioTestContext();
const db = () => context.testDb.db;

let second: Database;
beforeAll(() => {
  second = openDatabase(context.testDb.url);
});
afterAll(async () => {
  await second.close();
});

let made = 0;

async function team(): Promise<{ id: string; name: string }> {
  made += 1;
  return db().team.create({ data: { name: `Budget team ${made}` } });
}

async function people(count: number, teams: { id: string; name: string }[]): Promise<CurrentUser[]> {
  const made: CurrentUser[] = [];
  for (let index = 0; index < count; index += 1) made.push(await createPerson(db(), `Spender ${index}`, teams));
  return made;
}

type BudgetInput = { scope: "studio" | "team" | "team_member" | "person"; teamId?: string; userId?: string; metric: BudgetMetric; period: BudgetPeriod; limit: number };

function budget(input: BudgetInput) {
  const key = `${input.scope}:${input.teamId ?? ""}:${input.userId ?? ""}:${input.metric}`;
  return db().budget.create({ data: { key, ...input } });
}

// Twenty starts at once queue for a pool of ten connections, one at a time behind the budget's lock,
// on a machine busy with other test files: give them longer than Prisma's 2 s to begin.
const QUEUED_START = { maxWait: 30_000, timeout: 30_000 };

/** A start as the studio's start transaction makes one: the job and its reservation, on `client`. */
function start(client: PrismaClient, user: CurrentUser, options: { at?: Date } = {}) {
  return client.$transaction(
    async (tx) =>
      createJob(
        await lockOwnerJobs(tx, user.id),
        { kind: "alpha_v3", ownerId: user.id, label: "a kite", createdAt: options.at, ...runnerClaim() },
        { teamId: user.activeTeamId, model: ALPHA_V3_MODEL, asked: { images: 1 } },
      ),
    QUEUED_START,
  );
}

async function ledger(jobId: string) {
  const rows = await db().chargeEntry.findMany({ where: { jobId }, orderBy: { kind: "asc" } });
  return rows.map((row) => ({ kind: row.kind, tokens: Number(row.tokens), images: row.images, amountMicros: Number(row.amountMicros), teamId: row.teamId }));
}

describe("concurrent starts never overspend", () => {
  it.each([
    ["one process", () => [db(), db()]],
    ["two processes (two Prisma clients and pools)", () => [db(), second.client]],
  ])("20 starts at once against a team budget of exactly 7 images: exactly 7 accepted (%s)", async (_, clients) => {
    const shared = await team();
    await budget({ scope: "team", teamId: shared.id, metric: "images", period: "none", limit: 7 });
    const spenders = await people(20, [shared]);
    const [first, other] = clients();
    const results = await Promise.allSettled(spenders.map((user, index) => start(index % 2 === 0 ? first : other, user)));
    const accepted = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason as { code: string; status: number });
    expect(accepted).toHaveLength(7);
    expect(refused).toHaveLength(13);
    expect(new Set(refused.map((error) => `${error.code} ${error.status}`))).toEqual(new Set(["budget_exceeded 429"]));
    expect(await db().chargeEntry.count({ where: { teamId: shared.id, kind: "reservation" } })).toBe(7);
    expect(await db().job.count({ where: { ownerId: { in: spenders.map((user) => user.id) } } })).toBe(7);
  });
});

describe("every start reserves", () => {
  it("alpha v3, beta, a chat turn and a video past a budget are refused with budget_exceeded before anything is recorded", async () => {
    const [user] = await people(1, [await team()]);
    const conversation = await createConversation(user);
    await budget({ scope: "team_member", teamId: user.activeTeamId!, userId: user.id, metric: "images", period: "weekly", limit: 0 });
    await budget({ scope: "person", userId: user.id, metric: "video_seconds", period: "daily", limit: 3 });
    const refused = { code: "budget_exceeded", status: 429, message: expect.stringMatching(/^Your budget in team Budget team \d+ \(0 images, weekly\) has 0 images left/) };

    await expect(startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a lighthouse", revise: false, variations: 2 }))).rejects.toMatchObject(refused);
    await expect(startBeta(user, betaFormSchema.parse({ model: "beta-image-v5.0-pro", prompt: "a lighthouse", size: { method: "tier", tier: "1K" } }))).rejects.toMatchObject(refused);
    const { parentTurnId, ...turn } = sendTurnSchema.parse({ parentTurnId: null, text: "a lighthouse", size: "1K" });
    await expect(startTurn(user, conversation.id, parentTurnId, turn)).rejects.toMatchObject(refused);
    await expect(submitVideo(user, videoFormSchema.parse({ task: "t2va", prompt: "a paper boat", durationSeconds: 4 }))).rejects.toMatchObject({
      code: "budget_exceeded",
      message: expect.stringMatching(/^Your budget \(3 video seconds, daily\) has 3 video seconds left, not enough for this job; it resets at \d{4}-\d\d-\d\d 00:00 UTC\.$/),
    });

    expect(await db().job.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await db().generation.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await db().videoJob.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await db().chargeEntry.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("settling and releasing", () => {
  it("a finished generation is settled with the tokens the service reported, at the model's prices", async () => {
    const [user] = await people(1, [await team()]);
    await db().modelPrice.upsert({ where: { model: ALPHA_V3_MODEL }, create: { model: ALPHA_V3_MODEL, per1kTokensMicros: 2_000, perImageMicros: 40_000 }, update: {} });
    const started = await startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a lighthouse at dawn", revise: false }));
    const job = started.job;
    expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    const tokens = (await db().generation.findUniqueOrThrow({ where: { id: started.generation.id } })).tokens!;
    expect(tokens).toBeGreaterThan(0);
    const rows = await ledger(job.id);
    expect(rows.map((row) => row.kind)).toEqual(["reservation", "release", "charge"]);
    const [reservation, release, charge] = rows;
    expect(release).toMatchObject({ tokens: -reservation.tokens, images: -1, amountMicros: -reservation.amountMicros });
    expect(charge).toMatchObject({ tokens, images: 1, amountMicros: Math.round((tokens / 1000) * 2_000 + 40_000), teamId: user.activeTeamId });
  });

  it("a job that fails before the service did any work gives its reservation back", async () => {
    const shared = await team();
    await budget({ scope: "team", teamId: shared.id, metric: "images", period: "daily", limit: 1 });
    const [user] = await people(1, [shared]);
    const job = await start(db(), user);
    await expect(start(db(), user)).rejects.toMatchObject({ code: "budget_exceeded" });
    await runJob(job, async () => ({ state: "failed", errorCode: "upstream_unavailable", errorMessage: "The image service is unavailable" }));
    expect((await ledger(job.id)).map((row) => [row.kind, row.images])).toEqual([
      ["reservation", 1],
      ["release", -1],
    ]);
    await expect(start(db(), user)).resolves.toMatchObject({ ownerId: user.id });
  });

  it("a job's cost lands on the team that was active when it started", async () => {
    const [design, print] = [await team(), await team()];
    const [user] = await people(1, [design, print]);
    const { job } = await startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a paper crane", revise: false }));
    await db().user.update({ where: { id: user.id }, data: { activeTeamId: print.id } });
    expect((await waitForJob(db(), job.id)).state).toBe("succeeded");
    expect(new Set((await ledger(job.id)).map((row) => row.teamId))).toEqual(new Set([design.id]));
  });
});

describe("periods", () => {
  it("a daily budget refuses up to the end of its day, naming what is left and when it resets, and allows again at the boundary", async () => {
    const shared = await team();
    await budget({ scope: "team", teamId: shared.id, metric: "images", period: "daily", limit: 1 });
    const [first, other] = await people(2, [shared]);
    await start(db(), first, { at: new Date("2026-03-09T10:00:00.000Z") });
    await expect(start(db(), other, { at: new Date("2026-03-09T23:59:59.999Z") })).rejects.toMatchObject({
      code: "budget_exceeded",
      status: 429,
      message: `The budget of team ${shared.name} (1 image, daily) has 0 images left, not enough for this job; it resets at 2026-03-10 00:00 UTC.`,
    });
    await expect(start(db(), other, { at: new Date("2026-03-10T00:00:00.000Z") })).resolves.toMatchObject({ ownerId: other.id });
  });

  it("a person's own budget names itself as theirs, in money", async () => {
    const [user] = await people(1, [await team()]);
    await db().modelPrice.upsert({ where: { model: ALPHA_V3_MODEL }, create: { model: ALPHA_V3_MODEL, per1kTokensMicros: 2_000, perImageMicros: 40_000 }, update: { per1kTokensMicros: 2_000, perImageMicros: 40_000 } });
    await budget({ scope: "person", userId: user.id, metric: "money", period: "monthly", limit: 10_000 });
    await expect(start(db(), user, { at: new Date("2026-03-31T12:00:00.000Z") })).rejects.toMatchObject({
      code: "budget_exceeded",
      message: expect.stringMatching(/^Your budget \(USD 0\.01, monthly\) has USD 0\.01 left, not enough for this job; it resets at 2026-04-01 00:00 UTC\.$/),
    });
  });
});

describe("what people see", () => {
  it("spending reads the ledger, so deleting the work leaves it; a budget past its threshold alerts", async () => {
    const shared = await team();
    await budget({ scope: "team", teamId: shared.id, metric: "images", period: "monthly", limit: 2 });
    const [user] = await people(1, [shared]);
    const started = await startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a paper lantern", revise: false }));
    expect((await waitForJob(db(), started.job.id)).state).toBe("succeeded");
    const spent = await spendThisMonth({ userId: user.id });
    expect(spent).toMatchObject({ images: 1, tokens: expect.any(Number), currency: "USD" });
    await db().job.delete({ where: { id: started.job.id } });
    await db().generation.delete({ where: { id: started.generation.id } });
    expect(await spendThisMonth({ userId: user.id })).toEqual(spent);
    expect(await spendThisMonth({ teamId: shared.id })).toEqual(spent);
    expect(await myBudgets({ userId: user.id, teamId: shared.id })).toEqual([
      expect.objectContaining({ name: `The budget of team ${shared.name}`, limit: 2, spent: 1, remaining: 1, alertPercent: 80, alerting: false }),
    ]);
    await start(db(), user);
    expect(await myBudgets({ userId: user.id, teamId: shared.id })).toEqual([expect.objectContaining({ spent: 2, remaining: 0, alerting: true })]);
  });
});

describe("the ledger is append-only", () => {
  it("refuses UPDATE and DELETE", async () => {
    const [user] = await people(1, [await team()]);
    const job = await start(db(), user);
    await expect(db().chargeEntry.updateMany({ where: { jobId: job.id }, data: { images: 0 } })).rejects.toThrow(/append-only/);
    await expect(db().chargeEntry.deleteMany({ where: { jobId: job.id } })).rejects.toThrow(/append-only/);
  });
});
