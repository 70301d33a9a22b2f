import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { sendVideoStep, stopJobSender } from "@/lib/jobs/job-sender";
import { WORK_QUEUES } from "@/lib/jobs/work-queues";
import { startVideoStepWorker, stopVideoStepWorker } from "@/test/video-step-worker";

// A worker's runners of the video step queue on a real pg-boss: while no step is due they fetch
// nothing (the worker counts the due steps once every two seconds instead), and a step made due for
// later is taken soon after its time, though a runner's own poll comes only every 30 s. The steps
// name videos that do not exist, which a step passes over, so no agent is called.
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
  it("fetch nothing while no step is due, and take a step made due for later within the count's interval", async () => {
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
});
