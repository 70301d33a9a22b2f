import pg from "pg";
import { ONE_ALPHA_IMAGE } from "@/test/jobs";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { openDatabase, type Database } from "@/lib/db/database";
import { createJob, lockOwnerJobs } from "@/lib/jobs/job-changes";
import { JOB_STALE_AFTER_MS } from "@/lib/jobs/runner";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { sendVideoStep, stopJobSender } from "@/lib/jobs/job-sender";
import { SCHEDULED_QUEUES } from "./queues";
import { startWorker, type StudioWorker } from "./worker";

// The worker process's engine on a real PostgreSQL: its schedules exist once for the cluster however
// many workers start, a scheduled run does its work, and a second client (another studio process)
// reaches the worker through the database alone.
let testDb: TestDb;
let second: Database;
beforeAll(async () => {
  testDb = await createTestDb();
  second = openDatabase(testDb.url);
});
afterAll(async () => {
  await stopJobSender();
  await second.close();
  await testDb.close();
});

async function scheduledQueues(): Promise<string[]> {
  const client = new pg.Client(testDb.url);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("SELECT name FROM pgboss.schedule ORDER BY name");
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe("the worker's job engine", () => {
  it("schedules each upkeep task once for the cluster, however many workers start, and each worker shows as running until it stops", async () => {
    const workers: StudioWorker[] = [await startWorker({ singleProcess: false }), await startWorker({ singleProcess: false })];
    try {
      expect(await scheduledQueues()).toEqual(Object.values(SCHEDULED_QUEUES).map((queue) => queue.name).sort());
      expect(await testDb.db.workerPresence.count()).toBe(2);
    } finally {
      for (const worker of workers) await worker.stop();
    }
    expect(await testDb.db.workerPresence.count()).toBe(0);
  });

  it("a running worker ends the job of a worker that stopped beating within seconds of its heartbeat going stale, and its generation with it", async () => {
    const user = await createTestUser(testDb.db);
    const worker = await startWorker({ singleProcess: false });
    try {
      // Its runner beat a second short of stale, then died.
      const lastBeat = new Date(Date.now() - JOB_STALE_AFTER_MS + 1_000);
      const generation = await testDb.db.generation.create({ data: { ownerId: user.id, kind: "alpha_v3", model: "alpha-v3", prompt: "cut off", params: {} } });
      const job = await testDb.db.$transaction(async (tx) =>
        createJob(await lockOwnerJobs(tx, user.id), { kind: "alpha_v3", ownerId: user.id, label: "cut off", generationId: generation.id, runnerId: "a worker that died", heartbeatAt: lastBeat }, ONE_ALPHA_IMAGE),
      );
      const stateOf = async () => (await testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state;
      expect(await stateOf()).toBe("queued");
      // No scheduled run is sent: the worker's own look, every 5 s, ends it, where the next minute's tick might come a minute later.
      await vi.waitFor(async () => expect(await stateOf()).toBe("interrupted"), { timeout: 12_000, interval: 200 });
      const ended = await testDb.db.job.findUniqueOrThrow({ where: { id: job.id } });
      expect(ended.finishedAt!.getTime() - lastBeat.getTime()).toBeGreaterThanOrEqual(JOB_STALE_AFTER_MS);
      expect((await testDb.db.generation.findUniqueOrThrow({ where: { id: generation.id } })).status).toBe("failed");
    } finally {
      await worker.stop();
    }
  });

  it("a scheduled run ends a job whose run a worker fetched and never took, once the run is stale", async () => {
    const user = await createTestUser(testDb.db);
    const longAgo = new Date(Date.now() - JOB_STALE_AFTER_MS - 60_000);
    const job = await testDb.db.job.create({ data: { kind: "alpha_v3", ownerId: user.id, label: "fetched by the dead", createdAt: longAgo } });
    const worker = await startWorker({ singleProcess: false });
    await testDb.db.$executeRaw`
      INSERT INTO pgboss.job (name, data, state, started_on, start_after)
      VALUES (${WORK_QUEUES.imageJobs.name}, ${JSON.stringify({ jobId: job.id })}::jsonb, 'active'::pgboss.job_state, ${longAgo}, ${longAgo})`;
    // Another process asks for a run now rather than waiting for the next minute's tick.
    const client = new PgBoss({ connectionString: testDb.url, supervise: false, schedule: false });
    await client.start();
    try {
      await client.send(SCHEDULED_QUEUES.sweepAbandonedJobs.name, {});
      await vi.waitFor(async () => expect((await testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("interrupted"), { timeout: 15_000, interval: 200 });
    } finally {
      await client.stop({ graceful: false });
      await worker.stop();
    }
  });

  it("a scheduled run is taken as soon as it is sent, not at a worker's next poll, on a queue an earlier release made without notify", async () => {
    const queue = SCHEDULED_QUEUES.pruneRecords;
    const earlierRelease = new PgBoss({ connectionString: testDb.url, supervise: false, schedule: false });
    await earlierRelease.start();
    await earlierRelease.deleteQueue(queue.name);
    const { notify: _notify, ...earlier } = queue.options;
    await earlierRelease.createQueue(queue.name, earlier);
    await earlierRelease.stop({ graceful: false });
    const worker = await startWorker({ singleProcess: false });
    // Another process, started with this release, sends the runs.
    const client = new PgBoss({ connectionString: testDb.url, supervise: false, schedule: false });
    await client.start();
    try {
      const state = async (id: string) => (await testDb.db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE id = ${id}::uuid`)[0]?.state;
      // Each one within a second: a worker polling every two seconds would miss most.
      for (let run = 0; run < 4; run += 1) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        const sentAt = Date.now();
        const id = await client.send(queue.name, {});
        await expect.poll(() => state(id!), { timeout: 5_000, interval: 25 }).toBe("completed");
        expect(Date.now() - sentAt).toBeLessThan(1_000);
      }
    } finally {
      await client.stop({ graceful: false });
      await worker.stop();
    }
  });

  it("a worker started as the database's only one ends at once a job whose run the last worker fetched and never took", async () => {
    const user = await createTestUser(testDb.db);
    const secondAgo = new Date(Date.now() - 1_000);
    const job = await testDb.db.job.create({ data: { kind: "alpha_v3", ownerId: user.id, label: "fetched by the dead", createdAt: secondAgo } });
    const client = new PgBoss({ connectionString: testDb.url, supervise: false, schedule: false });
    await client.start();
    await client.createQueue(WORK_QUEUES.imageJobs.name, WORK_QUEUES.imageJobs.options);
    await client.stop({ graceful: false });
    await testDb.db.$executeRaw`
      INSERT INTO pgboss.job (name, data, state, started_on, start_after)
      VALUES (${WORK_QUEUES.imageJobs.name}, ${JSON.stringify({ jobId: job.id })}::jsonb, 'active'::pgboss.job_state, ${secondAgo}, ${secondAgo})`;
    const worker = await startWorker({ singleProcess: true });
    try {
      expect((await testDb.db.job.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("interrupted");
    } finally {
      await worker.stop();
    }
  });

  it("a video's step is sent only with the transaction that records it, and a second send moves the waiting step instead of adding one", async () => {
    const videoJobId = "00000000-0000-4000-8000-00000000f00d";
    const waiting = () =>
      testDb.db.$queryRaw<{ startAfter: Date }[]>`
        SELECT start_after AS "startAfter" FROM pgboss.job WHERE name = ${WORK_QUEUES.videoSteps.name} AND singleton_key = ${videoJobId} AND state = 'created'`;
    await second.client.$transaction(async (tx) => {
      await sendVideoStep(videoJobId, { tx });
      throw new Error("rolled back");
    }).catch(() => undefined);
    expect(await waiting()).toEqual([]);
    await second.client.$transaction(async (tx) => sendVideoStep(videoJobId, { tx, startAfter: new Date(Date.now() + 600_000) }));
    const now = new Date();
    await sendVideoStep(videoJobId, { startAfter: now });
    const steps = await waiting();
    expect(steps).toHaveLength(1);
    expect(Math.abs(steps[0].startAfter.getTime() - now.getTime())).toBeLessThan(1_000);
  });
});
