import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/client";
import { blobStore } from "@/lib/storage";
import { WORKER_GONE_AFTER_MS } from "./worker-beat";

/** One dependency's state: `ok`, and what an operator needs to act on it (never a secret). */
export type ReadinessCheck = { ok: boolean; detail: string };
export type Readiness = {
  ready: boolean;
  checks: { database: ReadinessCheck; migrations: ReadinessCheck; storage: ReadinessCheck; worker: ReadinessCheck };
};

/** The migrations the running code was built with: the web and worker processes run from the repository. */
const DEFAULT_MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/**
 * Whether this instance can do its work: the database answers, every migration the code expects is
 * applied, the blob store takes writes, and a worker process beat its presence recently (without
 * one, image and video jobs stay queued). A load balancer sends traffic only to a ready instance.
 */
export async function checkReadiness(options: { now?: Date; migrationsDir?: string } = {}): Promise<Readiness> {
  const now = options.now ?? new Date();
  const database = await check(async () => {
    await db.$queryRaw`SELECT 1`;
    return passed("answers");
  });
  const [migrations, storage, worker] = database.ok
    ? await Promise.all([
        check(() => migrationsApplied(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR)),
        check(storageWritable),
        check(() => workerSeen(now)),
      ])
    : [unchecked(), await check(storageWritable), unchecked()];
  const checks = { database, migrations, storage, worker };
  return { ready: Object.values(checks).every((entry) => entry.ok), checks };
}

const passed = (detail: string): ReadinessCheck => ({ ok: true, detail });
const failed = (detail: string): ReadinessCheck => ({ ok: false, detail });

async function check(run: () => Promise<ReadinessCheck>): Promise<ReadinessCheck> {
  try {
    return await run();
  } catch {
    // Not the error's message: a driver's may name the server and its user.
    return failed("unreachable or failing");
  }
}

function unchecked(): ReadinessCheck {
  return failed("not checked: the database does not answer");
}

async function migrationsApplied(dir: string): Promise<ReadinessCheck> {
  const expected = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const rows = await db.$queryRaw<{ migration_name: string; finished: boolean }[]>`
    SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL`;
  const unfinished = rows.filter((row) => !row.finished).map((row) => row.migration_name);
  if (unfinished.length > 0) return failed(`failed: ${unfinished.join(", ")}`);
  const applied = new Set(rows.map((row) => row.migration_name));
  const pending = expected.filter((name) => !applied.has(name));
  if (pending.length > 0) return failed(`${pending.length} pending: ${pending.join(", ")}`);
  return passed(`${expected.length} applied`);
}

async function storageWritable(): Promise<ReadinessCheck> {
  await blobStore().probe();
  return passed("takes writes");
}

async function workerSeen(now: Date): Promise<ReadinessCheck> {
  const seenSince = new Date(now.getTime() - WORKER_GONE_AFTER_MS);
  const workers = await db.workerPresence.count({ where: { seenAt: { gte: seenSince } } });
  if (workers === 0) return failed(`no worker seen in the last ${WORKER_GONE_AFTER_MS / 1000} s`);
  return passed(`${workers} running`);
}
