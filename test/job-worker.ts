import { PgBoss } from "pg-boss";
import { stopJobSender } from "@/lib/jobs/job-sender";
import { workImageJobs } from "@/lib/engine/run-queued-job";
import { workThumbnails } from "@/lib/engine/make-thumbnails";
import { startWakeListener } from "@/lib/wakeups/listener";

export type TestJobWorker = { boss: PgBoss; stop(): Promise<void> };

/**
 * The worker's side of the image and thumbnail queues in the test process, on the test database with a real pg-boss:
 * jobs started by the code under test are sent and taken as `npm start`'s worker would take them, and
 * a cancel reaches them through the database's notifications. Stop it before the database closes.
 */
export async function startTestJobWorker(url: string): Promise<TestJobWorker> {
  const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false, useListenNotify: true });
  // As the worker process does (lib/engine/worker): a lost connection is reported, not thrown.
  boss.on("error", () => undefined);
  await boss.start();
  startWakeListener();
  const stopHearingCancels = await workImageJobs(boss);
  const thumbnails = await workThumbnails(boss);
  return {
    boss,
    async stop() {
      // Runs still under way are the test's own mistake: their jobs would write to a dropped database.
      thumbnails.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      stopHearingCancels();
      await stopJobSender();
    },
  };
}
