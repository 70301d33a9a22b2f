import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { VideoStatus } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { archiveExpiringVideos, EXPIRY_MARGIN_MS } from "./expiring-videos";

// The scheduled upkeep that keeps the agent's retention (spec 2.5 `expires_at`, 8) from losing a
// video the studio has not archived yet.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const HOUR_MS = 60 * 60 * 1000;

describe("video jobs nearing their expiry upstream", () => {
  it("makes an unarchived job nearing its expiry due now, ends one past it as gone with the reason, and leaves the rest", async () => {
    const { db } = testDb;
    const user = await createTestUser(db);
    const now = new Date();
    const later = (ms: number) => new Date(now.getTime() + ms);
    const video = (status: VideoStatus, expiresAt: Date, nextPollAt: Date | null) =>
      db.videoJob.create({ data: { ownerId: user.id, correlationId: crypto.randomUUID(), upstreamId: crypto.randomUUID(), task: "t2va", prompt: "a boat", status, params: {}, expiresAt, nextPollAt } });

    const nearing = await video("archiving", later(HOUR_MS), later(HOUR_MS / 2));
    const expired = await video("running", later(-60_000), later(30_000));
    const farOff = await video("queued", later(EXPIRY_MARGIN_MS + HOUR_MS), later(HOUR_MS));
    const archived = await video("ready", later(-60_000), null);

    expect(await archiveExpiringVideos(now)).toEqual({ broughtForward: 1, expired: 1 });

    expect(await db.videoJob.findUniqueOrThrow({ where: { id: nearing.id } })).toMatchObject({ status: "archiving", nextPollAt: now });
    const ended = await db.videoJob.findUniqueOrThrow({ where: { id: expired.id } });
    expect(ended).toMatchObject({ status: "gone", errorCode: "gone", nextPollAt: null });
    expect(ended.errorMessage).toContain(`kept this job until ${expired.expiresAt!.toISOString()}`);
    expect(await db.videoJob.findUniqueOrThrow({ where: { id: farOff.id } })).toMatchObject({ status: "queued", nextPollAt: farOff.nextPollAt });
    expect(await db.videoJob.findUniqueOrThrow({ where: { id: archived.id } })).toMatchObject({ status: "ready" });
  });
});
