import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ONE_ALPHA_IMAGE } from "@/test/jobs";
import { createTestDb, type TestDb } from "@/test/db";
import { followStream, receives, type FollowedStream } from "@/test/job-stream-reader";
import { createTestUser } from "@/test/users";
import type { CurrentUser } from "@/lib/auth/current-user";
import { openDatabase, type Database } from "@/lib/db/database";
import { recordReachability } from "@/lib/upstream/reachability/record";
import { UPSTREAMS_CHANGED_EVENT_NAME } from "@/lib/upstream/reachability/reachability-dto";
import { startWakeListener, stopWakeListener, WAKE_LISTENER_APPLICATION_NAME } from "@/lib/wakeups/listener";
import { hearsOtherProcesses } from "@/lib/wakeups/process-wakeups";
import { createJob, lockOwnerJobs } from "./job-changes";
import { jobEventStream } from "./job-stream";

// A job's change reaches the open streams of every studio process at once, through PostgreSQL's
// LISTEN/NOTIFY; streams poll only while their process's listener is down. A second client on the
// same database stands for another studio process: nothing it does touches this process's memory.
let testDb: TestDb;
let second: Database;
beforeAll(async () => {
  testDb = await createTestDb();
  second = openDatabase(testDb.url);
});
afterAll(async () => {
  await second.close();
  await testDb.close();
});

/**
 * Far below what a stream waits on its own while the listener is connected (its slot's heartbeat,
 * 10 s) and below the 1 s poll while it is down: arriving within this, an event was notified.
 */
const AT_ONCE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const listenerConnected = (connected: boolean) => vi.waitFor(() => expect(hearsOtherProcesses()).toBe(connected), { timeout: 8_000 });

/** A job created by the other process, through the studio's own path; the id of its event. */
async function jobCreatedElsewhere(user: CurrentUser): Promise<bigint> {
  const job = await second.client.$transaction(async (tx) => createJob(await lockOwnerJobs(tx, user.id), { kind: "alpha_v3", ownerId: user.id, label: "made elsewhere" }, ONE_ALPHA_IMAGE));
  const event = await second.client.jobEvent.findFirstOrThrow({ where: { jobId: job.id } });
  return event.id;
}

/** An open stream that has settled into waiting (its first read done, nothing to send). */
async function waitingStream(user: CurrentUser): Promise<FollowedStream> {
  const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, null));
  await listenerConnected(true);
  await sleep(300);
  return stream;
}

describe("job streams are woken by PostgreSQL notifications", () => {
  it("a job created by another studio process reaches an open stream within 500 ms", async () => {
    const user = await createTestUser(testDb.db);
    const stream = await waitingStream(user);
    for (let round = 0; round < 3; round += 1) {
      const id = await jobCreatedElsewhere(user);
      await receives(stream, id, AT_ONCE_MS);
      await sleep(200);
    }
    await stream.close();
  });

  it("a change of an upstream service's reachability reaches every open stream within 500 ms; a check that changes nothing sends nothing", async () => {
    const streams = [await waitingStream(await createTestUser(testDb.db)), await waitingStream(await createTestUser(testDb.db))];
    const notices = () => streams.map((stream) => stream.notices.filter((name) => name === UPSTREAMS_CHANGED_EVENT_NAME).length);
    try {
      const outage = Date.now();
      await recordReachability("image", "ECONNREFUSED", new Date(outage));
      await vi.waitFor(() => expect(notices()).toEqual([1, 1]), { timeout: AT_ONCE_MS, interval: 20 });
      // Still down ten seconds later: the row is refreshed, and no page is told anything.
      await recordReachability("image", "ECONNREFUSED", new Date(outage + 10_000));
      await sleep(AT_ONCE_MS);
      expect(notices()).toEqual([1, 1]);
      await recordReachability("image", undefined, new Date(outage + 20_000));
      await vi.waitFor(() => expect(notices()).toEqual([2, 2]), { timeout: AT_ONCE_MS, interval: 20 });
      // A notice moves no stream position: the job events still resume where they were.
      expect(streams.map((stream) => stream.ids)).toEqual([[], []]);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it("streams of other users are not sent the owner's job", async () => {
    const [owner, other] = [await createTestUser(testDb.db), await createTestUser(testDb.db)];
    const [ownerStream, otherStream] = [await waitingStream(owner), await waitingStream(other)];
    const id = await jobCreatedElsewhere(owner);
    await receives(ownerStream, id, AT_ONCE_MS);
    expect(otherStream.ids).toEqual([]);
    await Promise.all([ownerStream.close(), otherStream.close()]);
  });

  it("with the listener's connection killed, streams poll every second; once it is back, notifications wake them again", async () => {
    // A listener that waits 4 s before connecting again, so the time without it can be watched.
    await stopWakeListener();
    startWakeListener({ retryDelayMs: () => 4_000 });
    const user = await createTestUser(testDb.db);
    const stream = await waitingStream(user);

    const listeners = await testDb.db.$queryRaw<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${WAKE_LISTENER_APPLICATION_NAME}`;
    expect(listeners).toHaveLength(1);
    await testDb.db.$queryRaw`SELECT pg_terminate_backend(${listeners[0].pid}::int)`;
    await listenerConnected(false);

    const whileDown = await jobCreatedElsewhere(user);
    await receives(stream, whileDown, 2_000);
    // Delivered by the stream's own poll: the listener is still away.
    expect(hearsOtherProcesses()).toBe(false);

    await listenerConnected(true);
    await sleep(300);
    const afterwards = await jobCreatedElsewhere(user);
    await receives(stream, afterwards, AT_ONCE_MS);
    await stream.close();
  });
});
