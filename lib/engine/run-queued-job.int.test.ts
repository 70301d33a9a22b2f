import pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { slowCalls, waitForJob } from "@/test/jobs";
import { useStudioTestContext } from "@/test/studio-upstream";
import { createTestUser } from "@/test/users";
import { alphaV3FormSchema } from "@/lib/images/alpha-schemas";
import { startAlphaV3 } from "@/lib/images/generate-alpha-v3";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { interruptHeldJobs } from "@/lib/jobs/recovery";
import { JOB_CANCEL_CHANNEL } from "@/lib/wakeups/channel";
import { startWakeListener, stopWakeListener } from "@/lib/wakeups/listener";
import { endJobsWithLostRuns } from "./lost-runs";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { runQueuedJob } from "./run-queued-job";

// Image jobs on the worker's queue, with a worker in this process (test/job-worker) on a real pg-boss:
// a start sends the run in its own transaction, the worker takes it at once and rebuilds the work
// from the rows, and a cancel written by any process reaches the worker through the database.
const context = useStudioTestContext();
beforeEach(async () => {
  await context.upstream.control("/faults", { method: "DELETE" });
  await context.upstream.control("/requests", { method: "DELETE" });
});

const start = (prompt: string, user = context.user) => startAlphaV3(user, alphaV3FormSchema.parse({ prompt, revise: false }));

const upstreamPosts = async () => {
  const { requests } = (await context.upstream.control("/requests")) as { requests: { method: string; path: string }[] };
  return requests.filter((request) => request.method === "POST");
};

/** Resolves once `check` holds, polling the database every 10 ms; the time it took. */
async function timeUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const imageRunners = () => context.worker.boss.getWipData().filter((runner) => runner.name === WORK_QUEUES.imageJobs.name);

/**
 * Counts the wakes of the image queue's runners from now on. The worker's other queues (a result's
 * thumbnail) wake their own runners through the same call, and a runner that ends a run wakes itself
 * to look for the next (lib/engine/idle-runners) just after the job's end is written: the count
 * starts once the last test's image runners are idle, and leaves the other queues' runners out.
 */
async function countImageRunnerWakes() {
  await timeUntil(async () => imageRunners().every((runner) => runner.count === 0));
  const ids = new Set(imageRunners().map((runner) => runner.id));
  const spy = vi.spyOn(context.worker.boss, "notifyWorker");
  const wakes = () => spy.mock.calls.map(([runner]) => runner).filter((runner) => ids.has(runner));
  return { wakes, stop: () => spy.mockRestore() };
}

describe("image jobs on the worker's queue", () => {
  it("a started job is queued with its run, taken by a worker at once and run from its rows", async () => {
    const user = await createTestUser(context.testDb.db);
    const { job } = await start("a queued kite", user);
    expect(job.state).toBe("queued");
    const [run] = await context.testDb.db.$queryRaw<{ data: { jobId: string }; retry_limit: number }[]>`
      SELECT data, retry_limit FROM pgboss.job WHERE name = ${WORK_QUEUES.imageJobs.name} AND data->>'jobId' = ${job.id}`;
    // Never retried by the engine: an interrupted generation ends as interrupted, with Run again.
    expect(run).toMatchObject({ data: { jobId: job.id }, retry_limit: 0 });
    const admittedMs = await timeUntil(async () => (await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).runnerId !== null);
    // Woken by the run's announcement: a runner's own poll, the fallback, comes every 30 s.
    expect(admittedMs).toBeLessThan(1_500);
    const ended = await waitForJob(context.testDb.db, job.id);
    expect(ended.state).toBe("succeeded");
    expect(await upstreamPosts()).toHaveLength(1);
  });

  it("runs started together each wake one idle runner of their own, not every runner, and all are taken at once", async () => {
    // Four designers, so no one's running limit holds a run back.
    const users = await Promise.all([1, 2, 3, 4].map(() => createTestUser(context.testDb.db)));
    await context.upstream.control("/faults", { json: slowCalls(2_000) });
    const woken = await countImageRunnerWakes();
    try {
      const jobs = await Promise.all(users.map((user, i) => start(`together ${i}`, user)));
      const takenMs = await timeUntil(async () => (await context.testDb.db.job.count({ where: { id: { in: jobs.map(({ job }) => job.id) }, runnerId: { not: null } } })) === 4);
      expect(takenMs).toBeLessThan(1_500);
      // Sixteen runners wait idle; four are woken, one per run.
      expect(new Set(woken.wakes()).size).toBe(4);
      expect(woken.wakes()).toHaveLength(4);
      for (const { job } of jobs) expect((await waitForJob(context.testDb.db, job.id)).state).toBe("succeeded");
    } finally {
      woken.stop();
    }
  });

  it("a set of variations, sent in one transaction, wakes a runner for each of its runs", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(2_000) });
    const woken = await countImageRunnerWakes();
    try {
      const { jobs } = await startAlphaV3(user, alphaV3FormSchema.parse({ prompt: "a set of three", revise: false, variations: 3 }));
      expect(jobs).toHaveLength(3);
      const takenMs = await timeUntil(async () => (await context.testDb.db.job.count({ where: { id: { in: jobs.map((job) => job.id) }, runnerId: { not: null } } })) === 3);
      expect(takenMs).toBeLessThan(1_500);
      expect(new Set(woken.wakes()).size).toBe(3);
    } finally {
      woken.stop();
    }
  });

  it("runs sent while all sixteen runners are busy are taken as runners end theirs, not at their next poll", async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTestUser(context.testDb.db)));
    await context.upstream.control("/faults", { json: slowCalls(300) });
    const started = await Promise.all(users.map((user, i) => startAlphaV3(user, alphaV3FormSchema.parse({ prompt: `a crowd ${i}`, revise: false, variations: 3 }))));
    const ids = started.flatMap(({ jobs }) => jobs.map((job) => job.id));
    expect(ids).toHaveLength(18);
    // A runner's own poll comes every 30 s: all 18 taken well before says the last two did not wait for it.
    await timeUntil(async () => (await context.testDb.db.job.count({ where: { id: { in: ids }, runnerId: { not: null } } })) === 18, 15_000);
    for (const id of ids) expect((await waitForJob(context.testDb.db, id)).state).toBe("succeeded");
  });

  it("while the listener is down, idle runners look for runs every 2 s, and a run sent meanwhile is taken", async () => {
    const user = await createTestUser(context.testDb.db);
    await stopWakeListener();
    try {
      const { job } = await start("sent while nobody listens", user);
      const takenMs = await timeUntil(async () => (await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).runnerId !== null, 6_000);
      expect(takenMs).toBeLessThan(3_500);
      expect((await waitForJob(context.testDb.db, job.id)).state).toBe("succeeded");
    } finally {
      startWakeListener();
    }
  });

  it("a run delivered again for a job already taken or ended does nothing", async () => {
    const user = await createTestUser(context.testDb.db);
    const { job } = await start("delivered twice", user);
    await waitForJob(context.testDb.db, job.id);
    await runQueuedJob(job.id);
    expect((await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("succeeded");
    expect(await upstreamPosts()).toHaveLength(1);
  });

  it("a cancel written by another process reaches the worker holding the job at once, long before its heartbeat", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(10_000) });
    const { job } = await start("cancel me from afar", user);
    await waitForJob(context.testDb.db, job.id, ["waiting", "generating"]);
    // Another web process: its own connection, the cancel and its announcement in one transaction.
    const other = new pg.Client(context.testDb.url);
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query(`UPDATE "Job" SET "cancelRequestedAt" = now() WHERE id = $1`, [job.id]);
      await other.query("SELECT pg_notify($1, $2)", [JOB_CANCEL_CHANNEL, job.id]);
      await other.query("COMMIT");
    } finally {
      await other.end();
    }
    const cancelledMs = await timeUntil(async () => (await context.testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state === "cancelled");
    // The runner's heartbeat looks for cancels every 5 s: this came through the notification.
    expect(cancelledMs).toBeLessThan(1_500);
    const generation = await context.testDb.db.generation.findUniqueOrThrow({ where: { id: job.generationId! } });
    expect(generation).toMatchObject({ status: "failed", errorCode: "cancelled" });
  });

  it("the owner's Cancel aborts the job in the worker within a second", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(10_000) });
    const { job } = await start("cancel me", user);
    await waitForJob(context.testDb.db, job.id, ["waiting", "generating"]);
    const asked = performance.now();
    await cancelJob(user, job.id);
    const ended = await waitForJob(context.testDb.db, job.id);
    expect(ended.state).toBe("cancelled");
    expect(performance.now() - asked).toBeLessThan(1_000);
  });

  it("a job's upstream call takes its place in the model's line as its owner's work, in the team active when it started", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(10_000) });
    const { job } = await start("whose turn", user);
    await waitForJob(context.testDb.db, job.id, ["generating"]);
    const tickets = await context.testDb.db.upstreamGateTicket.findMany({ where: { personId: user.id } });
    expect(tickets).toMatchObject([{ model: "alpha-image-v3", teamId: user.activeTeamId }]);
    await cancelJob(user, job.id);
    await waitForJob(context.testDb.db, job.id);
  });

  it("a worker that stops ends the jobs it holds as interrupted at once, and sends none of them again", async () => {
    const user = await createTestUser(context.testDb.db);
    await context.upstream.control("/faults", { json: slowCalls(10_000) });
    const { job } = await start("stopped midway", user);
    await waitForJob(context.testDb.db, job.id, ["waiting", "generating"]);
    const asked = performance.now();
    await interruptHeldJobs();
    const ended = await waitForJob(context.testDb.db, job.id);
    expect(performance.now() - asked).toBeLessThan(1_000);
    expect(ended).toMatchObject({ state: "interrupted", errorCode: "interrupted" });
    const generation = await context.testDb.db.generation.findUniqueOrThrow({ where: { id: job.generationId! } });
    expect(generation).toMatchObject({ status: "failed", errorCode: "interrupted" });
  });
});

describe("runs lost before a worker took their job", () => {
  const minuteAgo = () => new Date(Date.now() - 60_000);

  /** A queued image job, made a minute ago, whose run is in `runState` (started a minute ago when active). */
  async function jobWithRun(runState: "created" | "active" | "failed", runStartedAt: Date | null) {
    const user = await createTestUser(context.testDb.db);
    const job = await context.testDb.db.job.create({ data: { kind: "alpha_v3", ownerId: user.id, label: `run ${runState}`, createdAt: minuteAgo() } });
    await context.testDb.db.$executeRaw`
      INSERT INTO pgboss.job (name, data, state, started_on, start_after)
      VALUES (${WORK_QUEUES.imageJobs.name}, ${JSON.stringify({ jobId: job.id })}::jsonb, ${runState}::pgboss.job_state, ${runStartedAt}, now() + interval '1 hour')`;
    return job;
  }

  it("ends a job whose run a dead worker fetched but never claimed, and leaves waiting and just-taken runs alone", async () => {
    const fetchedByTheDead = await jobWithRun("active", minuteAgo());
    const endedWithoutIt = await jobWithRun("failed", minuteAgo());
    const waiting = await jobWithRun("created", null);
    const justTaken = await jobWithRun("active", new Date());

    expect(await endJobsWithLostRuns(new Date(Date.now() - 30_000))).toBe(2);

    const stateOf = async (id: string) => (await context.testDb.db.job.findUniqueOrThrow({ where: { id } })).state;
    expect(await stateOf(fetchedByTheDead.id)).toBe("interrupted");
    expect(await stateOf(endedWithoutIt.id)).toBe("interrupted");
    expect(await stateOf(waiting.id)).toBe("queued");
    expect(await stateOf(justTaken.id)).toBe("queued");
    expect(await upstreamPosts()).toHaveLength(0);
  });
});
