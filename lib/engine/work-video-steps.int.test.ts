import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { sendVideoStep, stopJobSender } from "@/lib/jobs/job-sender";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { startVideoStepWorker, stopVideoStepWorker } from "@/test/video-step-worker";
import { startWakeListener, stopWakeListener } from "@/lib/wakeups/listener";
import { hearsOtherProcesses } from "@/lib/wakeups/process-wakeups";

// A worker's runners of the video step queue on a real pg-boss: while no step is due they fetch
// nothing, and a step made due for later is taken soon after its time, though a runner's own poll
// comes only every 30 s. With the process's listener up, the send's announcement (a notification
// through PostgreSQL) times it; with the listener down, the worker counts the due steps every two
// seconds instead. The steps name videos that do not exist, which a step passes over, so no agent is called.
vi.hoisted(() => {
  process.env.VIDEO_AGENT_URL = "http://127.0.0.1:9";
});
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await stopJobSender();
  await testDb.close();
});

const stepState = async (videoJobId: string) =>
  (await testDb.db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${WORK_QUEUES.videoSteps.name} AND singleton_key = ${videoJobId}`).map((row) => row.state);

describe("the video step queue's runners", () => {
  it("with the listener down: fetch nothing while no step is due, and take a step made due for later within the count's interval", async () => {
    expect(hearsOtherProcesses()).toBe(false);
    const worker = await startVideoStepWorker({ singleProcess: false });
    try {
      const fetches = () =>
        worker.boss
          .getWipData()
          .filter((runner) => runner.name === WORK_QUEUES.videoSteps.name)
          .map((runner) => runner.lastFetchedOn);
      expect(fetches()).toHaveLength(8);
      // Each runner's first fetch, at start, is behind it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const settled = fetches();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(fetches()).toEqual(settled);

      const videoJobId = "00000000-0000-4000-8000-0000000d0e00";
      const sentAt = Date.now();
      await sendVideoStep(videoJobId, { startAfter: new Date(sentAt + 1_000) });
      await expect.poll(() => stepState(videoJobId), { timeout: 6_000, interval: 50 }).toEqual(["completed"]);
      // Due after 1 s, found by a count at most 2 s later: well before any runner's own 30 s poll.
      expect(Date.now() - sentAt).toBeLessThan(4_500);
      expect(fetches().filter((fetchedOn, i) => fetchedOn !== settled[i])).not.toHaveLength(0);
    } finally {
      await stopVideoStepWorker(worker);
    }
  });

  it("with the listener up: a step made due for later is taken at its time, announced by its send (the worker counts nothing meanwhile)", async () => {
    startWakeListener();
    const worker = await startVideoStepWorker({ singleProcess: false });
    try {
      await expect.poll(() => hearsOtherProcesses(), { timeout: 10_000 }).toBe(true);
      // Each runner's first fetch, at start, is behind it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const videoJobId = "00000000-0000-4000-8000-0000000d0e01";
      const sentAt = Date.now();
      await sendVideoStep(videoJobId, { startAfter: new Date(sentAt + 1_500) });
      // While the listener hears, the two-second counts are off: only the announcement's timer (or a
      // runner's own poll, 30 s away) can take the step.
      await expect.poll(() => stepState(videoJobId), { timeout: 10_000, interval: 50 }).toEqual(["completed"]);
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_500);
      expect(Date.now() - sentAt).toBeLessThan(6_000);
    } finally {
      await stopVideoStepWorker(worker);
      await stopWakeListener();
    }
  });
});
