import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postAlpha } from "@/app/api/alpha/v3/generations/route";
import { POST as postBeta } from "@/app/api/beta/generations/route";
import type { CurrentUser } from "@/lib/auth/current-user";
import { cancelJob } from "@/lib/jobs/cancel-job";
import type { JobDto } from "@/lib/jobs/job-dto";
import { waitForJob, slowCalls } from "@/test/jobs";
import { session } from "@/test/session-double";
import { useStudioTestContext } from "@/test/studio-upstream";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { createTestUser } from "@/test/users";
import type { GenerationDto } from "./generation-dto";
import { startVariationSet } from "./start-variation-set";
import { MAX_VARIATIONS } from "./variations";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The limit these tests count against, whatever the shell running them says (read at first use).
process.env.USER_MAX_RUNNING_GENERATIONS = "2";

// Variations: one click asks for up to MAX_VARIATIONS images, each its own generation and job, all
// recorded in one transaction with one set id, queued within the user's running limit.
const context = useStudioTestContext();
let user: CurrentUser;
beforeAll(() => {
  session.user = context.user;
});
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
  // A user of its own per test, so one test's jobs never hold another's places.
  user = await createTestUser(context.testDb.db);
  session.user = user;
});

type Started = { job: JobDto; jobs: JobDto[]; generations: GenerationDto[]; variationSetId: string | null };

const request = (path: string, body: unknown) =>
  new Request(`http://studio.test${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const alpha = (body: unknown) => postAlpha(request("/api/alpha/v3/generations", body), { params: Promise.resolve({}) });
const beta = (body: unknown) => postBeta(request("/api/beta/generations", body), { params: Promise.resolve({}) });

async function started(response: Response): Promise<Started> {
  expect(response.status).toBe(202);
  return (await response.json()) as Started;
}

const endAll = (jobs: { id: string }[]) => Promise.all(jobs.map((job) => waitForJob(context.testDb.db, job.id, undefined, 60_000)));

describe("variations", () => {
  it("records 3 alpha v3 jobs with seeds 42, 43, 44 and one set id; each finishes, is stored and counted once", async () => {
    const set = await started(await alpha({ prompt: "three lighthouses", seed: 42, revise: false, variations: 3 }));
    expect(set.jobs).toHaveLength(3);
    expect(new Set(set.jobs.map((job) => job.id)).size).toBe(3);
    expect(set.variationSetId).toEqual(expect.any(String));
    expect(set.jobs.every((job) => job.variationSetId === set.variationSetId)).toBe(true);

    const generations = await context.testDb.db.generation.findMany({ where: { ownerId: user.id }, orderBy: { createdAt: "asc" } });
    expect(generations.map((generation) => generation.variationSetId)).toEqual(Array(3).fill(set.variationSetId));
    expect(generations.map((generation) => (generation.params as { seed: number }).seed).sort()).toEqual([42, 43, 44]);

    const ended = await endAll(set.jobs);
    expect(ended.map((job) => job.state)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const stored = await context.testDb.db.generation.findMany({ where: { variationSetId: set.variationSetId }, include: { assets: true } });
    expect(stored.map((generation) => [generation.status, generation.assets.length])).toEqual(Array(3).fill(["succeeded", 1]));
    // What each image spent, once per image: 3 ledger rows of 1 image each.
    const usage = await context.testDb.db.usageEntry.findMany({ where: { userId: user.id } });
    expect(usage.map((entry) => entry.images)).toEqual([1, 1, 1]);
  });

  it("gives every image of a random-seed set its own seed, recorded as random", async () => {
    const set = await started(await alpha({ prompt: "random set", revise: false, variations: 2 }));
    const seeds = set.generations.map((generation) => generation.params as { seed: number; seedWasRandom: boolean });
    expect(seeds.every((params) => params.seedWasRandom)).toBe(true);
    expect(new Set(seeds.map((params) => params.seed)).size).toBe(2);
    await endAll(set.jobs);
  });

  it("starts 2 beta Lite images as one set, each stored, and stores no variation count with either", async () => {
    const set = await started(await beta({ model: "beta-image-v5.0-lite", prompt: "two foxes", size: { method: "tier", tier: "2K" }, variations: 2 }));
    expect(set.jobs).toHaveLength(2);
    expect(set.generations.every((generation) => generation.variationSetId === set.variationSetId)).toBe(true);
    expect(set.generations.every((generation) => !("variations" in (generation.params as object)))).toBe(true);
    expect((await endAll(set.jobs)).map((job) => job.state)).toEqual(["succeeded", "succeeded"]);
    expect(await context.testDb.db.asset.count({ where: { generation: { variationSetId: set.variationSetId } } })).toBe(2);
  });

  it(`refuses ${MAX_VARIATIONS + 1} with a 400 naming the field and the rule, and records nothing`, async () => {
    for (const post of [alpha, beta]) {
      const response = await post({ model: "beta-image-v5.0-pro", prompt: "too many", size: { method: "tier", tier: "1K" }, variations: MAX_VARIATIONS + 1 });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { fields: { field: string; message: string }[] } };
      expect(error.fields).toContainEqual({ field: "variations", message: `Variations must be a whole number from 1 to ${MAX_VARIATIONS}` });
    }
    expect(await context.testDb.db.job.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("with a limit of 2, runs 2 of 4 variations at once while the others wait, then runs them all", async () => {
    await context.upstream.control("/faults", { json: slowCalls(1_000) });
    const set = await started(await alpha({ prompt: "four at a time?", revise: false, variations: 4 }));
    expect(set.jobs.map((job) => job.waitingForPlace)).toEqual([false, false, true, true]);

    // Every 20 ms until all end: never more than 2 hold a place; the waiting ones do get one.
    let most = 0;
    const ids = set.jobs.map((job) => job.id);
    for (;;) {
      const jobs = await context.testDb.db.job.findMany({ where: { id: { in: ids } } });
      const running = jobs.filter((job) => job.startedAt !== null && job.finishedAt === null).length;
      most = Math.max(most, running);
      if (jobs.every((job) => job.finishedAt !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(most).toBe(2);
    const ended = await context.testDb.db.job.findMany({ where: { id: { in: ids } } });
    expect(ended.map((job) => job.state)).toEqual(Array(4).fill("succeeded"));
  });

  it("refuses another start while a set fills the limit, with a 429, and writes nothing for it", async () => {
    await context.upstream.control("/faults", { json: slowCalls(1_000) });
    const set = await started(await alpha({ prompt: "a full set", revise: false, variations: 3 }));
    const refused = await alpha({ prompt: "one more", revise: false });
    expect(refused.status).toBe(429);
    expect(await context.testDb.db.generation.count({ where: { ownerId: user.id, prompt: "one more" } })).toBe(0);
    await endAll(set.jobs);
  });

  it("cancels a variation that waits for a place: its job and generation end cancelled, the others finish", async () => {
    // Long enough that the third still waits for a place when the cancel comes, on a loaded machine too.
    await context.upstream.control("/faults", { json: slowCalls(3_000) });
    const set = await started(await alpha({ prompt: "cancel the last", revise: false, variations: 3 }));
    const waiting = set.jobs[2];
    expect(waiting.waitingForPlace).toBe(true);
    await cancelJob(user, waiting.id);
    const ended = await endAll(set.jobs);
    expect(ended.map((job) => job.state)).toEqual(["succeeded", "succeeded", "cancelled"]);
    const generation = await context.testDb.db.generation.findUniqueOrThrow({ where: { id: set.jobs[2].generationId! } });
    expect(generation).toMatchObject({ status: "failed", errorCode: "cancelled" });
  });

  it("records a set and sends its runs in one transaction: when its third row fails, none of the set is kept or sent", async () => {
    const create = vi.fn(async (tx: Parameters<Parameters<typeof startVariationSet>[1]>[0], { index, variationSetId }: { index: number; variationSetId: string | null }) => {
      if (index === 2) throw new Error("the third row could not be written");
      return tx.generation.create({ data: { ownerId: user.id, kind: "alpha_v3", model: "alpha-image-v3", prompt: "atomic", params: {}, variationSetId } });
    });
    const runsSent = async () => {
      const [{ count }] = await context.testDb.db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${WORK_QUEUES.imageJobs.name}`;
      return count;
    };
    const runsBefore = await runsSent();
    await expect(startVariationSet({ user, kind: "alpha_v3", prompt: "atomic", count: 3 }, create)).rejects.toThrow("the third row");
    expect(create).toHaveBeenCalledTimes(3);
    // The first two runs were sent inside the transaction: they went with it.
    expect(await runsSent()).toBe(runsBefore);
    expect(await context.testDb.db.generation.count({ where: { ownerId: user.id } })).toBe(0);
    expect(await context.testDb.db.job.count({ where: { ownerId: user.id } })).toBe(0);
  });
});
