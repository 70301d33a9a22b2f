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
  imagesStored: number;
  /** Image generation calls the emulator answered with 200 (each delivers at least one image). */
  imagesReportedByEmulator: number;
  /** Succeeded image jobs with no stored image: a silent half-done generation. */
  succeededWithoutImages: number;
  /** Studio video jobs whose correlation id the agent holds more than one job for. */
  duplicateVideoSends: { correlationId: string; posts: number }[];
  videoJobsThatReachedTheAgent: number;
  jobsNotFinal: number;
  /** Where each job not in a final state stands, to tell a stall from a job still under way. */
  unfinished: { id: string; kind: string; state: string; video: { status: string; nextPollAt: Date | null; pollFailures: number; leaseUntil: Date | null; errorCode: string | null } | null }[];
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

/** The run's figures, read from the database, the blob directory and the emulator; faults must be off by now. */
export async function collectFigures(db: PrismaClient, blobDir: string, imageGenerationsAnswered: number, recoverySecondsPerKill: number[]): Promise<ChaosFigures> {
  const groups = await db.job.groupBy({ by: ["kind", "state"], _count: { _all: true } });
  const jobsByKindAndState = Object.fromEntries(groups.map((group) => [`${group.kind} ${group.state}`, group._count._all]));
  const succeededWithoutImages = await db.job.count({ where: { kind: { not: "video" }, state: "succeeded", generation: { assets: { none: {} } } } });
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
    imagesStored: await db.asset.count({ where: { kind: "image", generationId: { not: null } } }),
    imagesReportedByEmulator: imageGenerationsAnswered,
    succeededWithoutImages,
    duplicateVideoSends,
    videoJobsThatReachedTheAgent,
    jobsNotFinal: unfinishedJobs.length,
    unfinished: unfinishedJobs.map(({ videoJob, ...job }) => ({ ...job, video: videoJob })),
    blobsWithoutAsset: [...onDisk].filter((name) => !referenced.has(name) && !tmp.has(name)),
    assetsWithoutBlob: [...referenced].filter((key) => !onDisk.has(key)),
    recoverySecondsPerKill,
  };
}
