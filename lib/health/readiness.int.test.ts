import { mkdtemp, mkdir, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { announceWorker } from "@/lib/engine/worker-presence";
import { checkReadiness } from "./readiness";
import { WORKER_GONE_AFTER_MS } from "./worker-beat";

// GET /api/ready's checks on a real database: what a load balancer is told, and that a missing
// worker or migration is named.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

describe("readiness", () => {
  it("is not ready without a worker, and names what is missing", async () => {
    const readiness = await checkReadiness();

    expect(readiness.ready).toBe(false);
    expect(readiness.checks.database.ok).toBe(true);
    expect(readiness.checks.migrations).toMatchObject({ ok: true });
    expect(readiness.checks.storage.ok).toBe(true);
    expect(readiness.checks.worker).toEqual({ ok: false, detail: `no worker seen in the last ${WORKER_GONE_AFTER_MS / 1000} s` });
  });

  it("is ready while a worker beats, and not once its beat is stale", async () => {
    const worker = await announceWorker();
    try {
      const now = new Date();
      expect(await checkReadiness({ now })).toMatchObject({ ready: true, checks: { worker: { ok: true, detail: "1 running" } } });
      expect((await checkReadiness({ now: new Date(now.getTime() + WORKER_GONE_AFTER_MS + 1_000) })).checks.worker.ok).toBe(false);
    } finally {
      await worker.stop();
    }
    expect(await testDb.db.workerPresence.count()).toBe(0);
  });

  it("names a migration the code expects that the database lacks", async () => {
    const worker = await announceWorker();
    const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    try {
      const committed = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
      for (const entry of committed.filter((item) => item.isDirectory())) await mkdir(path.join(dir, entry.name));
      await mkdir(path.join(dir, "29991231000000_from_a_newer_release"));

      const readiness = await checkReadiness({ migrationsDir: dir });

      expect(readiness.ready).toBe(false);
      expect(readiness.checks.migrations).toEqual({ ok: false, detail: "1 pending: 29991231000000_from_a_newer_release" });
    } finally {
      await worker.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
