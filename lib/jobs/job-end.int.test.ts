import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_ALPHA_IMAGE } from "@/test/jobs";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { UpstreamError } from "@/lib/upstream/errors";
import { createJob, lockOwnerJobs } from "./job-changes";
import { CANCELLED, INTERRUPTED } from "./job-failures";
import { endJobWithoutRunner } from "./recovery";
import { abortHeldJob, runJob, runnerClaim } from "./runner";

// One place ends a job, whatever the outcome: the runner writes a failure for the job and its
// generation in one transaction, and never over an end another process wrote first.
let testDb: TestDb;
let user: CurrentUser;
beforeAll(async () => {
  testDb = await createTestDb();
  user = await createTestUser(testDb.db);
});
afterAll(async () => {
  await testDb.close();
});

async function jobWithGeneration() {
  const generation = await testDb.db.generation.create({ data: { ownerId: user.id, kind: "alpha_v3", model: "alpha-v3", prompt: "a kite", params: {} } });
  const job = await testDb.db.$transaction(async (tx) =>
    createJob(await lockOwnerJobs(tx, user.id), { kind: "alpha_v3", ownerId: user.id, label: "a kite", generationId: generation.id, ...runnerClaim() }, ONE_ALPHA_IMAGE),
  );
  return { job, generation };
}

const rows = async (ids: { job: string; generation: string }) => ({
  job: await testDb.db.job.findUniqueOrThrow({ where: { id: ids.job } }),
  generation: await testDb.db.generation.findUniqueOrThrow({ where: { id: ids.generation } }),
});

describe("the runner ends a job and its generation together", () => {
  it("a failure thrown by the work ends both, with the same reason, and the time it took", async () => {
    const { job, generation } = await jobWithGeneration();
    await runJob(job, async () => {
      throw new AppError("upstream_failed", "The image service is unreachable");
    });
    const ended = await rows({ job: job.id, generation: generation.id });
    expect(ended.job).toMatchObject({ state: "failed", errorCode: "upstream_failed", errorMessage: "The image service is unreachable" });
    expect(ended.generation).toMatchObject({ status: "failed", errorCode: "upstream_failed", errorMessage: "The image service is unreachable" });
    expect(ended.generation.durationMs).toBeGreaterThanOrEqual(0);
    expect(ended.generation.completedAt).not.toBeNull();
  });

  it("a failure the work returns ends both the same way, with what else the work records", async () => {
    const { job, generation } = await jobWithGeneration();
    await runJob(job, async () => ({
      state: "failed",
      errorCode: "content_filter",
      errorMessage: "The service declined this prompt",
      requestId: "req-1",
      record: (tx) => tx.generation.update({ where: { id: generation.id }, data: { requestId: "req-1", tokens: 12 } }),
    }));
    const ended = await rows({ job: job.id, generation: generation.id });
    expect(ended.job).toMatchObject({ state: "failed", errorCode: "content_filter", requestId: "req-1" });
    expect(ended.generation).toMatchObject({ status: "failed", errorCode: "content_filter", requestId: "req-1", tokens: 12 });
  });

  it("an upstream failure's request id is kept on the generation, as on the job, for the designer to quote", async () => {
    const { job, generation } = await jobWithGeneration();
    await runJob(job, async () => {
      throw new UpstreamError({ kind: "server", status: 500, requestId: "req-500" });
    });
    const ended = await rows({ job: job.id, generation: generation.id });
    expect(ended.job).toMatchObject({ state: "failed", requestId: "req-500" });
    expect(ended.generation).toMatchObject({ status: "failed", requestId: "req-500" });
  });

  it("a cancel ends both as cancelled, whatever error the abort surfaced as", async () => {
    const { job, generation } = await jobWithGeneration();
    const running = runJob(job, ({ signal }) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("socket hang up")))));
    expect(abortHeldJob(job.id)).toBe(true);
    await running;
    const ended = await rows({ job: job.id, generation: generation.id });
    expect(ended.job).toMatchObject({ state: "cancelled", ...CANCELLED });
    expect(ended.generation).toMatchObject({ status: "failed", ...CANCELLED });
  });

  it("work that fails after the sweep ended its job leaves the sweep's 'interrupted' on the job and its generation", async () => {
    const { job, generation } = await jobWithGeneration();
    let fail: (error: Error) => void = () => undefined;
    const running = runJob(job, () => new Promise((_, reject) => (fail = reject)));
    // Another process's sweep ends the job (its runner looked dead), while the work is still under way.
    expect(await endJobWithoutRunner(await testDb.db.job.findUniqueOrThrow({ where: { id: job.id } }))).toBe(true);
    fail(new AppError("upstream_failed", "The image service failed"));
    await running;
    const ended = await rows({ job: job.id, generation: generation.id });
    expect(ended.job).toMatchObject({ state: "interrupted", ...INTERRUPTED });
    expect(ended.generation).toMatchObject({ status: "failed", ...INTERRUPTED });
  });

  it("a success recorded first is never turned into a failure", async () => {
    const { job, generation } = await jobWithGeneration();
    await testDb.db.generation.update({ where: { id: generation.id }, data: { status: "succeeded" } });
    await runJob(job, async () => {
      throw new AppError("upstream_failed", "late");
    });
    expect((await rows({ job: job.id, generation: generation.id })).generation.status).toBe("succeeded");
  });
});
