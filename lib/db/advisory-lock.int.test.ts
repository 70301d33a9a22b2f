import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { openDatabase, type Database } from "./database";
import { advisoryXactLock, type AdvisoryLockNamespace } from "./advisory-lock";

// A second client stands for a second studio process.
let testDb: TestDb;
let second: Database;

beforeAll(async () => {
  testDb = await createTestDb();
  second = openDatabase(testDb.url);
});

afterAll(async () => {
  await second?.close();
  await testDb.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds (namespace, key) on `db` until `until` settles; resolves with when the lock was taken and let go. */
function hold(db: PrismaClient, namespace: AdvisoryLockNamespace, key: string, until: Promise<unknown> = Promise.resolve()) {
  return db.$transaction(async (tx) => {
    await advisoryXactLock(tx, namespace, key);
    const taken = Date.now();
    await until;
    return { taken, released: Date.now() };
  });
}

/** A promise to settle by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("advisoryXactLock", () => {
  it("is taken and let go within a transaction", async () => {
    const first = await hold(testDb.db, "owner-jobs", "user-1");
    const again = await hold(testDb.db, "owner-jobs", "user-1");
    expect(again.taken).toBeGreaterThanOrEqual(first.released);
  });

  it("makes another process's transaction on the same namespace and key wait until the first ends", async () => {
    const release = gate();
    let taken = false;
    const first = hold(testDb.db, "upstream-gate", "alpha-image-v3", release.opened.then(() => sleep(20)));
    await sleep(50);
    const waiting = hold(second.client, "upstream-gate", "alpha-image-v3").then((held) => ((taken = true), held));
    await sleep(300);
    expect(taken).toBe(false);
    release.open();
    const [a, b] = await Promise.all([first, waiting]);
    expect(b.taken).toBeGreaterThanOrEqual(a.released);
  });

  it("lets other keys, and other namespaces with the same key, through while it is held", async () => {
    const release = gate();
    const first = hold(testDb.db, "owner-jobs", "user-1", release.opened);
    await sleep(50);
    // Had either waited for the first lock, these would never end (the first is let go only after them).
    await hold(second.client, "owner-jobs", "user-2");
    await hold(second.client, "upstream-gate", "user-1");
    release.open();
    await first;
  });
});
