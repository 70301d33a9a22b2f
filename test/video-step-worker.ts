import { PgBoss } from "pg-boss";
import { databaseUrlInUse } from "@/lib/db/client";
import { workVideoSteps, type VideoStepWork } from "@/lib/engine/work-video-steps";

type Running = { boss: PgBoss; work: VideoStepWork };
let running: Running | undefined;

/** A worker of one's own on the video step queue: what a second worker process would be. */
export async function startVideoStepWorker(options: { singleProcess: boolean }): Promise<Running> {
  const boss = new PgBoss({ connectionString: databaseUrlInUse(), supervise: false, schedule: false, useListenNotify: true });
  // As the worker process does (lib/engine/worker): a lost connection is reported, not thrown.
  boss.on("error", () => undefined);
  await boss.start();
  return { boss, work: await workVideoSteps(boss, options) };
}

/** Stops a worker from `startVideoStepWorker`: the steps under way are aborted, as a worker's stop does. */
export async function stopVideoStepWorker(worker: Running): Promise<void> {
  await worker.work.stop();
  await worker.boss.stop({ graceful: true, timeout: 10_000 });
}

/**
 * The worker process's video steps in the test process, on the test database with a real pg-boss
 * (one at a time; starting it again does nothing). Stop it before the database closes.
 */
export async function startVideoSteps(options: { singleProcess: boolean } = { singleProcess: true }): Promise<void> {
  running ??= await startVideoStepWorker(options);
}

export async function stopVideoSteps(): Promise<void> {
  const current = running;
  running = undefined;
  if (current) await stopVideoStepWorker(current);
}
