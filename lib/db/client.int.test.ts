import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { db } from "./client";

describe("the Prisma client", () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb();
  });

  afterAll(() => testDb?.close());

  it("creates and reads a user, a team and their membership", async () => {
    const user = await testDb.db.user.create({
      data: { email: "ada@example.com", name: "Ada", passwordHash: "hash" },
    });
    const team = await testDb.db.team.create({
      data: { name: "Studio", memberships: { create: { userId: user.id, role: "owner" } } },
    });

    const memberships = await testDb.db.membership.findMany({
      where: { teamId: team.id },
      include: { user: true, team: true },
    });
    expect(memberships).toEqual([
      expect.objectContaining({
        role: "owner",
        user: expect.objectContaining({ email: "ada@example.com", role: "member" }),
        team: expect.objectContaining({ name: "Studio" }),
      }),
    ]);
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it("reports a duplicate email as P2002", async () => {
    const data = { email: "twice@example.com", name: "Twice", passwordHash: "hash" };
    await testDb.db.user.create({ data });

    const duplicate = testDb.db.user.create({ data });
    await expect(duplicate).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await expect(duplicate).rejects.toMatchObject({ code: "P2002" });
  });

  it("round-trips BigInt, JSON and nullable columns", async () => {
    const owner = await testDb.db.user.create({
      data: { email: "assets@example.com", name: "Assets", passwordHash: "hash" },
    });
    const asset = await testDb.db.asset.create({
      data: {
        kind: "video",
        storageKey: "ab/cd",
        sha256: "f".repeat(64),
        mime: "video/mp4",
        bytes: 5_000_000_000n,
        ownerId: owner.id,
        videoJobs: {
          create: { ownerId: owner.id, correlationId: "k1", task: "t2va", prompt: "a cat", params: { fps: 24, tags: ["x"] } },
        },
      },
      include: { videoJobs: true },
    });

    expect(asset.bytes).toBe(5_000_000_000n);
    expect(asset.width).toBeNull();
    expect(asset.videoJobs[0].params).toEqual({ fps: 24, tags: ["x"] });
  });

  it("rolls back an interactive transaction that throws", async () => {
    const attempt = testDb.db.$transaction(async (tx) => {
      await tx.team.create({ data: { name: "Ghost" } });
      throw new Error("abort");
    });

    await expect(attempt).rejects.toThrow("abort");
    expect(await testDb.db.team.count({ where: { name: "Ghost" } })).toBe(0);
  });

  it("is what `db` from lib/db/client talks to while the test database is open", async () => {
    await testDb.db.team.create({ data: { name: "Shared" } });

    expect(await db.team.count({ where: { name: "Shared" } })).toBe(1);
    expect(await db.$transaction(async (tx) => tx.team.count({ where: { name: "Shared" } }))).toBe(1);
  });
});
