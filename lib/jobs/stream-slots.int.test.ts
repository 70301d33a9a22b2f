import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/jobs/events/route";
import { createTestDb, type TestDb } from "@/test/db";
import { followStream, type FollowedStream } from "@/test/job-stream-reader";
import { session } from "@/test/session-double";
import { createTestUser } from "@/test/users";
import type { CurrentUser } from "@/lib/auth/current-user";
import { JOB_STREAMS_PER_USER } from "@/lib/http/limits";
import { jobEventStream } from "./job-stream";
import { SLOT_STALE_AFTER_MS, takeStreamSlot } from "./stream-slots";

vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// One person may hold JOB_STREAMS_PER_USER job streams open at once, counted in the database so the
// limit holds across studio processes; the stream over the limit is the one refused.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

let open: FollowedStream[] = [];
afterEach(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  open = [];
});

async function openStream(user: CurrentUser): Promise<FollowedStream> {
  const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, null));
  open.push(stream);
  return stream;
}

const openSlots = (userId: string) => testDb.db.jobStreamSlot.count({ where: { userId } });

/** Slots of the user held by another studio process: rows only, beaten `ageMs` ago. */
async function slotsOfAnotherProcess(userId: string, count: number, ageMs = 0) {
  const heartbeatAt = new Date(Date.now() - ageMs);
  await testDb.db.jobStreamSlot.createMany({ data: Array.from({ length: count }, () => ({ userId, heartbeatAt })) });
}

describe("open job streams per person", () => {
  it(`the stream after ${JOB_STREAMS_PER_USER} is refused with 429 too_many_job_streams, and closing one frees its slot`, async () => {
    const user = await createTestUser(testDb.db);
    for (let index = 0; index < JOB_STREAMS_PER_USER; index += 1) await openStream(user);
    await expect(jobEventStream(user, 0n, new AbortController().signal, null)).rejects.toMatchObject({ code: "too_many_job_streams", status: 429 });
    // Someone else is not held back by this person's streams.
    await openStream(await createTestUser(testDb.db));

    const closed = open[0];
    await closed.close();
    await vi.waitFor(async () => expect(await openSlots(user.id)).toBe(JOB_STREAMS_PER_USER - 1), { timeout: 3_000 });
    await openStream(user);
  });

  it("the route answers the refusal as JSON naming the limit, with Retry-After", async () => {
    const user = await createTestUser(testDb.db);
    session.user = user;
    await slotsOfAnotherProcess(user.id, JOB_STREAMS_PER_USER);
    const response = await GET(new Request("http://studio.test/api/jobs/events"), { params: Promise.resolve({}) });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("too_many_job_streams");
    expect(error.message).toContain(String(JOB_STREAMS_PER_USER));
  });

  it("slots held by another studio process count; a dead process's stale slots do not", async () => {
    const user = await createTestUser(testDb.db);
    await slotsOfAnotherProcess(user.id, JOB_STREAMS_PER_USER);
    await expect(takeStreamSlot(user.id)).rejects.toMatchObject({ code: "too_many_job_streams" });

    const other = await createTestUser(testDb.db);
    await slotsOfAnotherProcess(other.id, JOB_STREAMS_PER_USER, SLOT_STALE_AFTER_MS + 5_000);
    await openStream(other);
    expect(await openSlots(other.id)).toBe(1);
  });

  it("processes racing for the last free slot take it once", async () => {
    const user = await createTestUser(testDb.db);
    await slotsOfAnotherProcess(user.id, JOB_STREAMS_PER_USER - 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => takeStreamSlot(user.id)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await openSlots(user.id)).toBe(JOB_STREAMS_PER_USER);
  });
});
