import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CurrentUser } from "@/lib/auth/current-user";
import { ACTIVE_JOB_STATES } from "@/lib/jobs/job-dto";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { submitVideo } from "@/lib/videos/submit-video";
import { ORPHAN_BLOB_GRACE_MS, STALE_HOLD_AFTER_MS, sweepOrphanBlobs } from "@/lib/assets/sweep-orphan-blobs";
import type { RunningEmulator } from "@/emulator";
import { collectFigures, type ChaosFigures } from "./figures";
import { AGENT_PORT_FAULTS, IMAGE_PORT_FAULTS } from "./fault-plans";
import { startImageJob, uploadReference } from "./image-job-mix";
import type { WorkerChild } from "./worker-child";

export type ChaosOptions = {
  db: PrismaClient;
  emulator: RunningEmulator;
  worker: WorkerChild;
  users: CurrentUser[];
  blobDir: string;
  imageJobs: number;
  videoJobs: number;
  kills: number;
  /** How long every job may take to reach a final state after the last kill. */
  settleMs: number;
};

const POLL_MS = 100;
const BETWEEN_KILLS_MS = 1500;

async function emulatorControl(baseUrl: string, method: string, pathname: string, json?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/__emulator${pathname}`, {
    method,
    headers: json === undefined ? undefined : { "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`emulator control ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function activeJobs(db: PrismaClient): Promise<Map<string, string>> {
  const rows = await db.job.findMany({ where: { state: { in: [...ACTIVE_JOB_STATES] } }, select: { id: true, state: true } });
  return new Map(rows.map((row) => [row.id, row.state]));
}

/** Waits until the worker holds image work (a runner took a job, or a video was sent), so that a kill cuts work off. */
async function workUnderWay(db: PrismaClient, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const held = await db.job.count({ where: { state: { in: [...ACTIVE_JOB_STATES] }, runnerId: { not: null } } });
    if (held > 0) return;
    await sleep(POLL_MS);
  }
}

/** Seconds from the restart until every job active at the kill has moved on, or a job has finished since. */
async function recoverySeconds(db: PrismaClient, atKill: Map<string, string>, restartedAt: number, limitMs: number): Promise<number> {
  const finishedBefore = await db.job.count({ where: { finishedAt: { not: null } } });
  while (Date.now() - restartedAt < limitMs) {
    const now = await activeJobs(db);
    const allMoved = [...atKill].every(([id, state]) => now.get(id) !== state);
    const finishedSince = (await db.job.count({ where: { finishedAt: { not: null } } })) > finishedBefore;
    if (allMoved || finishedSince) return (Date.now() - restartedAt) / 1000;
    await sleep(POLL_MS);
  }
  return Number.POSITIVE_INFINITY;
}

/** Each user starts their own jobs one after another, as one browser would; the users do so at once. */
async function startJobs(options: ChaosOptions): Promise<void> {
  const { users } = options;
  await Promise.all(
    users.map(async (user, userIndex) => {
      const reference = await uploadReference(user);
      for (let index = userIndex; index < options.imageJobs; index += users.length) await startImageJob(user, index, reference);
      for (let index = userIndex; index < options.videoJobs; index += users.length) {
        await submitVideo(user, videoFormSchema.parse({ task: "t2va", prompt: `chaos video ${index}`, durationSeconds: 4 }));
      }
    }),
  );
}

/**
 * Starts the jobs as the routes would (several users at once), turns the faults on, runs the worker
 * as a child process and SIGKILLs it `kills` times, restarting it each time, then waits for every
 * job to end and reads the figures with the faults off.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosFigures> {
  const { db, emulator, worker } = options;
  await startJobs(options);
  await emulatorControl(emulator.urls.image, "POST", "/faults", IMAGE_PORT_FAULTS);
  await emulatorControl(emulator.urls.agent, "POST", "/faults", AGENT_PORT_FAULTS);
  worker.start();

  const recoveries: number[] = [];
  for (let kill = 0; kill < options.kills; kill += 1) {
    await sleep(BETWEEN_KILLS_MS);
    await workUnderWay(db, options.settleMs);
    const atKill = await activeJobs(db);
    await worker.kill();
    worker.start();
    recoveries.push(await recoverySeconds(db, atKill, Date.now(), options.settleMs));
  }

  // The services recover once the kills are over: every job must then end by itself, whatever
  // state the faults left it in (a video reconciling after a lost answer waits out its back-off, up
  // to a minute, before it looks again).
  await emulatorControl(emulator.urls.image, "DELETE", "/faults");
  await emulatorControl(emulator.urls.agent, "DELETE", "/faults");
  const deadline = Date.now() + options.settleMs;
  while (Date.now() < deadline && (await activeJobs(db)).size > 0) await sleep(POLL_MS);

  const { requests } = (await emulatorControl(emulator.urls.image, "GET", "/requests")) as { requests: { path: string; status: number }[] };
  const generationCallsAnswered = requests.filter((request) => request.path.startsWith("/v1/wand/") && request.status === 200).length;
  await worker.stop();
  // A kill between a result's blob write and its row leaves a blob nothing names; the studio's
  // hourly sweep removes such blobs once past their grace. With every process stopped, the sweep runs
  // now as if that grace (and a stale hold's day) were over, and the figures say how many it took.
  const swept = await sweepOrphanBlobs(new Date(Date.now() + STALE_HOLD_AFTER_MS + ORPHAN_BLOB_GRACE_MS));
  return collectFigures(db, options.blobDir, { generationCallsAnswered, recoverySecondsPerKill: recoveries, blobsLeftByKills: swept.blobs });
}
