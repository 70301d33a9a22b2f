import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { sharedConcurrencyGate } from "./shared-gate";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await vi.waitFor(async () => expect(await testDb.db.upstreamGateTicket.count()).toBe(0));
  await testDb.close();
});

describe("the process's upstream gate", () => {
  it("is one instance per process, kept on globalThis", () => {
    expect(sharedConcurrencyGate()).toBe(sharedConcurrencyGate());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("studio.upstream.concurrencyGate")]).toBe(sharedConcurrencyGate());
  });

  it("keeps its line in the database, which several processes may share", async () => {
    const release = await sharedConcurrencyGate().acquire("shared-gate");
    expect(await testDb.db.upstreamGateTicket.count({ where: { model: "shared-gate" } })).toBe(1);
    release();
  });
});
