import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";

// The migration that writes the usage counted before the charge ledger onto it, run against work of
// every kind of history: without a job, with a job from before reservations, and with a reserved job.
const MIGRATION = new URL("../../prisma/migrations/20261126204500_usage_history_on_charge_ledger/migration.sql", import.meta.url);
const AT = new Date("2026-11-01T10:00:00Z");

let testDb: TestDb;
let db: PrismaClient;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(async () => {
  await testDb.close();
});

describe("usage history on the charge ledger", () => {
  it("charges earlier usage once, at no cost, and leaves reserved jobs to their own settlement", async () => {
    const ada = await createTestUser(db);
    const generation = async () => (await db.generation.create({ data: { ownerId: ada.id, kind: "alpha_v3", model: "alpha-image-v3", prompt: "a boat", params: {}, status: "succeeded", tokens: 10, createdAt: AT } })).id;
    const [jobless, oldJobWork, reservedWork] = [await generation(), await generation(), await generation()];
    const oldJob = await db.job.create({ data: { kind: "alpha_v3", ownerId: ada.id, label: "a boat", generationId: oldJobWork } });
    const reservedJob = await db.job.create({ data: { kind: "alpha_v3", ownerId: ada.id, label: "a boat", generationId: reservedWork } });
    const prices = { per1kTokensMicros: 1_000_000, perImageMicros: 0, perVideoSecondMicros: 0 };
    await db.chargeEntry.create({ data: { kind: "reservation", at: AT, jobId: reservedJob.id, userId: ada.id, model: "alpha-image-v3", tokens: 10n, ...prices, amountMicros: 10_000n } });
    const usage = { at: AT, userId: ada.id, model: "alpha-image-v3", tokens: 10n, images: 1 };
    const joblessUsage = await db.usageEntry.create({ data: { ...usage, generationId: jobless } });
    await db.usageEntry.createMany({ data: [{ ...usage, generationId: oldJobWork }, { ...usage, generationId: reservedWork }] });

    await db.$executeRawUnsafe(await readFile(MIGRATION, "utf8"));

    const charges = await db.chargeEntry.findMany({ where: { userId: ada.id, kind: "charge" }, orderBy: { jobId: "asc" } });
    expect(charges.map(({ jobId, tokens, images, amountMicros, per1kTokensMicros }) => ({ jobId, tokens, images, amountMicros, per1kTokensMicros }))).toEqual(
      [joblessUsage.id, oldJob.id].sort().map((jobId) => ({ jobId, tokens: 10n, images: 1, amountMicros: 0n, per1kTokensMicros: 0 })),
    );
  });
});
