import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_ALPHA_IMAGE } from "@/test/jobs";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { createJob, lockOwnerJobs } from "@/lib/jobs/job-changes";
import { pruneRecords, RETENTION_MS } from "./prune-records";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
/** Just past a retention, and just within it. */
const past = (retention: number) => ago(retention + DAY_MS);
const within = (retention: number) => ago(retention - DAY_MS);

describe("scheduled upkeep removes what outlived its use, and nothing else", () => {
  it("deletes ended rate-limit windows, old job events, long-ended invitations and links, and unused sign-in addresses", async () => {
    const { db } = testDb;
    const user = await createTestUser(db);
    const teamId = user.activeTeamId!;
    const ended = RETENTION_MS.endedLinks;

    await db.rateLimit.createMany({ data: [{ key: "ended", count: 3, resetAt: ago(1_000) }, { key: "open", count: 3, resetAt: new Date(now.getTime() + 60_000) }] });
    const job = await db.$transaction(async (tx) => createJob(await lockOwnerJobs(tx, user.id), { kind: "alpha_v3", ownerId: user.id, label: "kept events" }, ONE_ALPHA_IMAGE));
    await db.jobEvent.create({ data: { jobId: job.id, ownerId: user.id, createdAt: past(RETENTION_MS.jobEvents), data: {} } });

    const invite = (tokenHash: string, data: { expiresAt: Date; usedAt?: Date; revokedAt?: Date }) => db.invite.create({ data: { tokenHash, teamId, ...data } });
    await invite("expired-long-ago", { expiresAt: past(ended) });
    await invite("revoked-long-ago", { expiresAt: new Date(now.getTime() + DAY_MS), revokedAt: past(ended) });
    await invite("expired-recently", { expiresAt: within(ended) });
    await invite("used-long-ago", { expiresAt: past(ended), usedAt: past(ended + DAY_MS) });

    const invitation = (email: string, data: { expiresAt: Date; acceptedAt?: Date; declinedAt?: Date }) => db.teamInvitation.create({ data: { teamId, email, invitedById: user.id, ...data } });
    await invitation("expired@test.local", { expiresAt: past(ended) });
    await invitation("declined@test.local", { expiresAt: new Date(now.getTime() + DAY_MS), declinedAt: past(ended) });
    await invitation("accepted@test.local", { expiresAt: past(ended), acceptedAt: past(ended + DAY_MS) });
    await invitation("pending@test.local", { expiresAt: new Date(now.getTime() + DAY_MS) });

    const item = await db.galleryItem.create({ data: { kind: "image", ownerId: user.id, model: "alpha-v3", prompt: "p", searchText: "p" } });
    await db.shareLink.create({ data: { itemId: item.id, tokenHash: "link-expired-long-ago", createdById: user.id, expiresAt: past(ended) } });
    await db.shareLink.create({ data: { itemId: item.id, tokenHash: "link-live", createdById: user.id, expiresAt: new Date(now.getTime() + DAY_MS) } });

    await db.signInAddress.create({ data: { userId: user.id, address: "198.51.100.1", lastSignInAt: past(RETENTION_MS.signInAddresses) } });
    await db.signInAddress.create({ data: { userId: user.id, address: "198.51.100.2", lastSignInAt: within(RETENTION_MS.signInAddresses) } });

    await db.workerPresence.create({ data: { id: "died-yesterday", host: "h", pid: 1, seenAt: past(RETENTION_MS.workerPresences) } });
    await db.workerPresence.create({ data: { id: "running", host: "h", pid: 2, seenAt: now } });

    const removed = await pruneRecords(now);

    expect(removed).toEqual({ rateLimits: 1, jobEvents: 1, invites: 2, teamInvitations: 2, shareLinks: 1, signInAddresses: 1, workerPresences: 1 });
    expect((await db.rateLimit.findMany()).map((row) => row.key)).toEqual(["open"]);
    // The job's own creation event is new: it stays.
    expect(await db.jobEvent.count({ where: { jobId: job.id } })).toBe(1);
    expect((await db.invite.findMany({ orderBy: { tokenHash: "asc" } })).map((row) => row.tokenHash)).toEqual(["expired-recently", "used-long-ago"]);
    expect((await db.teamInvitation.findMany({ orderBy: { email: "asc" } })).map((row) => row.email)).toEqual(["accepted@test.local", "pending@test.local"]);
    expect((await db.shareLink.findMany()).map((row) => row.tokenHash)).toEqual(["link-live"]);
    expect((await db.signInAddress.findMany()).map((row) => row.address)).toEqual(["198.51.100.2"]);

    expect((await db.workerPresence.findMany()).map((row) => row.id)).toEqual(["running"]);

    expect(await pruneRecords(now)).toEqual({ rateLimits: 0, jobEvents: 0, invites: 0, teamInvitations: 0, shareLinks: 0, signInAddresses: 0, workerPresences: 0 });
  });
});
