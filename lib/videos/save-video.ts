import "server-only";
import { db } from "@/lib/db/client";
import { hasErrorName } from "@/lib/error-name";
import type { JobState, Prisma, VideoJob, VideoStatus } from "@/lib/generated/prisma/client";
import { changeJob } from "@/lib/jobs/job-changes";
import { indexVideo } from "@/lib/gallery/index-video";
import { recordVideoUsage } from "@/lib/usage/record-usage";
import { preparedInputs } from "./keyframes";
import { isHeldBeforeSend } from "./send-hold";
import { storedParams } from "./stored-video-params";

// A video job's changes, and its activity-tray job (lib/jobs) moved with it in the same transaction
// when what the tray shows changes: video jobs appear in the tray like every other job, and a job
// held before it is sent says why there, as any held job does.

type TrayView = { state: JobState; queuePosition: number | null; errorCode: string | null; errorMessage: string | null; requestId: string | null };

const TRAY_STATE: Record<VideoStatus, JobState> = {
  submitting: "queued",
  reconciling: "queued",
  queued: "waiting",
  running: "generating",
  archiving: "storing",
  ready: "succeeded",
  failed: "failed",
  canceled: "cancelled",
  lost: "failed",
  gone: "failed",
};

function trayView(video: Pick<VideoJob, "status" | "queuePosition" | "errorCode" | "errorMessage" | "requestId" | "submitSentAt" | "nextPollAt">): TrayView {
  const state = TRAY_STATE[video.status];
  const explained = state === "failed" || isHeldBeforeSend(video);
  return {
    state,
    queuePosition: state === "waiting" ? video.queuePosition : null,
    errorCode: explained ? video.errorCode : null,
    errorMessage: explained ? video.errorMessage : null,
    requestId: explained ? video.requestId : null,
  };
}

/** The files a job was made from: the uploads, and the prepared copies the agent was sent (its echo names those). */
function inputAssetIds(video: VideoJob): string[] {
  return [...storedParams(video).inputs.map((input) => input.assetId), ...preparedInputs(video.preparation).map((input) => input.assetId)];
}

class StaleVideo extends Error {
  override readonly name = "StaleVideo";
}

function isStaleVideo(error: unknown): error is StaleVideo {
  return hasErrorName(error, "StaleVideo");
}

/**
 * Applies `data` to the video job if it is still as `video` says (same status, and `where` holds):
 * a cancel or another writer that got there first wins, and `null` is returned. The tray job follows
 * in the same transaction when its state, place in line or error changes.
 */
export async function saveVideo(video: VideoJob, data: Prisma.VideoJobUncheckedUpdateManyInput, where: Prisma.VideoJobWhereInput = {}): Promise<VideoJob | null> {
  const condition: Prisma.VideoJobWhereInput = { id: video.id, status: video.status, ...where };
  const next = { ...video, ...data } as VideoJob;
  const before = trayView(video);
  const after = trayView(next);
  const trayChanged = JSON.stringify(before) !== JSON.stringify(after);
  const job = trayChanged ? await db.job.findUnique({ where: { videoJobId: video.id } }) : null;
  if (job) {
    const finished = after.state === "succeeded" || after.state === "failed" || after.state === "cancelled";
    let saved: VideoJob | undefined;
    try {
      const changed = await changeJob(job, { ...after, ...(finished ? { finishedAt: new Date() } : {}), ...(after.state === "generating" && !job.startedAt ? { startedAt: new Date() } : {}) }, async (tx) => {
        [saved] = await tx.videoJob.updateManyAndReturn({ where: condition, data });
        if (!saved) throw new StaleVideo();
        await indexIfReady(tx, video, saved);
      });
      if (changed) return saved ?? null;
    } catch (error) {
      if (isStaleVideo(error)) return null;
      throw error;
    }
  }
  return db.$transaction(async (tx) => {
    const [saved] = await tx.videoJob.updateManyAndReturn({ where: condition, data });
    if (saved) await indexIfReady(tx, video, saved);
    return saved ?? null;
  });
}

// A job that has just become ready gets its gallery entry and its usage in the same transaction.
async function indexIfReady(tx: Prisma.TransactionClient, before: VideoJob, saved: VideoJob): Promise<void> {
  if (saved.status !== "ready" || before.status === "ready") return;
  await indexVideo(tx, saved, inputAssetIds(saved));
  await recordVideoUsage(tx, saved, storedParams(saved).durationSeconds);
}
