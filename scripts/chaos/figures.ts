import { readdir } from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ACTIVE_JOB_STATES } from "@/lib/jobs/job-dto";
import { matchesCorrelation } from "@/lib/videos/reconcile";
import { videoAgentClient } from "@/lib/upstream/clients";
import type { VideoJobRecord } from "@/lib/upstream/video/wire";

export type ChaosFigures = {
  /** "kind state" → count of jobs. */
  jobsByKindAndState: Record<string, number>;
  /** Result images and layers stored for generations and chat turns. */
  imagesStored: number;
  /** Image generation calls the emulator answered with 200 (each delivers one image, a group or a base and its layers). */
  generationCallsAnswered: number;
  /** Succeeded image jobs (generations and chat turns) with no stored image: a silent half-done job. */
  succeededWithoutImages: number;
  /** Studio video jobs whose correlation id the agent holds more than one job for. */
  duplicateVideoSends: { correlationId: string; posts: number }[];
  videoJobsThatReachedTheAgent: number;
  jobsNotFinal: number;
  /** Where each job not in a final state stands, to tell a stall from a job still under way. */
  unfinished: { id: string; kind: string; state: string; video: { status: string; nextPollAt: Date | null; pollFailures: number; leaseUntil: Date | null; errorCode: string | null } | null }[];
  /** Blobs written but never named by a row (a kill between the two), which the orphan sweep removed. */
  blobsLeftByKills: number;
  /** Blobs nothing names after that sweep: what a half-done store would leave for good. */
  blobsWithoutAsset: string[];
  assetsWithoutBlob: string[];
  recoverySecondsPerKill: number[];
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.basename(entry.name));
}

/** Every job the agent holds, with its echo (the list view omits it, spec 2.5). */
async function agentJobs(): Promise<VideoJobRecord[]> {
  const records: VideoJobRecord[] = [];
  let after: string | undefined;
  for (;;) {
    const { jobs, hasMore, nextCursor } = await videoAgentClient().list({ limit: 100, after });
    for (const job of jobs) records.push(await videoAgentClient().get(job.id));
    if (!hasMore || !nextCursor) return records;
    after = nextCursor;
  }
}

type RunCounts = Pick<ChaosFigures, "generationCallsAnswered" | "recoverySecondsPerKill" | "blobsLeftByKills">;

/** The run's figures, read from the database, the blob directory and the emulator, with what the run counted itself. */
export async function collectFigures(db: PrismaClient, blobDir: string, counts: RunCounts): Promise<ChaosFigures> {
  const groups = await db.job.groupBy({ by: ["kind", "state"], _count: { _all: true } });
  const jobsByKindAndState = Object.fromEntries(groups.map((group) => [`${group.kind} ${group.state}`, group._count._all]));
  const succeededWithoutImages = await db.job.count({
    where: { kind: { not: "video" }, state: "succeeded", NOT: { OR: [{ generation: { is: { assets: { some: {} } } } }, { turn: { is: { assets: { some: {} } } } }] } },
  });
  const unfinishedJobs = await db.job.findMany({
    where: { state: { in: [...ACTIVE_JOB_STATES] } },
    select: { id: true, kind: true, state: true, videoJob: { select: { status: true, nextPollAt: true, pollFailures: true, leaseUntil: true, errorCode: true } } },
  });

  const videos = await db.videoJob.findMany({ select: { correlationId: true, upstreamId: true } });
  const records = await agentJobs();
  const duplicateVideoSends = videos
    .map(({ correlationId }) => ({ correlationId, posts: records.filter((record) => matchesCorrelation(record, correlationId)).length }))
    .filter(({ posts }) => posts > 1);
  const videoJobsThatReachedTheAgent = videos.filter(({ correlationId }) => records.some((record) => matchesCorrelation(record, correlationId))).length;

  const assets = await db.asset.findMany({ select: { storageKey: true, thumbnailKey: true } });
  const referenced = new Set(assets.flatMap((asset) => [asset.storageKey, asset.thumbnailKey].filter((key): key is string => key !== null)));
  const onDisk = new Set(await filesUnder(blobDir));
  const tmp = new Set(await filesUnder(path.join(blobDir, "tmp")));
  return {
    jobsByKindAndState,
    imagesStored: await db.asset.count({ where: { kind: { in: ["image", "layer"] }, OR: [{ generationId: { not: null } }, { turnId: { not: null } }] } }),
    generationCallsAnswered: counts.generationCallsAnswered,
    succeededWithoutImages,
    duplicateVideoSends,
    videoJobsThatReachedTheAgent,
    jobsNotFinal: unfinishedJobs.length,
    unfinished: unfinishedJobs.map(({ videoJob, ...job }) => ({ ...job, video: videoJob })),
    blobsLeftByKills: counts.blobsLeftByKills,
    blobsWithoutAsset: [...onDisk].filter((name) => !referenced.has(name) && !tmp.has(name)),
    assetsWithoutBlob: [...referenced].filter((key) => !onDisk.has(key)),
    recoverySecondsPerKill: counts.recoverySecondsPerKill,
  };
}
