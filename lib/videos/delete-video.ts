import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { removeUnusedBlobs } from "@/lib/assets/pending-blobs";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { videoAgentClient } from "@/lib/upstream/clients";
import { isVideoApiError } from "@/lib/upstream/video/errors";
import { getOwnedVideo } from "./list-videos";
import { ACTIVE_VIDEO_PHASES, type VideoDeleteAnswer } from "./video-dto";
import { videoServiceFailure } from "./video-service-failure";

/**
 * Deletes a finished job on the agent (spec 3.1: its record, results and inputs there), and either
 * keeps the studio's archived copy (the job stays in the list, marked deleted upstream, still
 * playable) or removes it too, with its files. A job without an archived video is removed whole.
 */
export async function deleteVideo(user: CurrentUser, id: string, archive: "keep" | "remove"): Promise<VideoDeleteAnswer> {
  const video = await getOwnedVideo(user, id);
  if ((ACTIVE_VIDEO_PHASES as readonly string[]).includes(video.status)) {
    throw new AppError("conflict", "Only a finished video job can be deleted: cancel it while it is queued, or wait for it to finish");
  }
  const upstreamKnowsIt = video.upstreamId && !video.upstreamDeletedAt && video.status !== "gone" && video.status !== "lost";
  if (upstreamKnowsIt) {
    await videoAgentClient()
      .remove(video.upstreamId!)
      .catch((error: unknown) => {
        // Already gone upstream (expired, spec 3.1): nothing left to delete there.
        if (isVideoApiError(error) && error.status === 404) return;
        throw videoServiceFailure(error, "video agent", "delete the job");
      });
  }
  // A job that never produced a video has no copy to keep: it goes in one step.
  const audit = (tx: Prisma.TransactionClient, archiveKept: boolean) =>
    recordAudit(tx, { actor: user, action: "video.deleted", target: video.id, teamId: video.teamId, details: { ownerId: video.ownerId, archiveKept } });
  if (archive === "keep" && video.asset) {
    await db.$transaction(async (tx) => {
      await tx.videoJob.update({ where: { id: video.id }, data: { upstreamDeletedAt: new Date() } });
      await audit(tx, true);
    });
    return { deleted: true, archiveKept: true };
  }
  const assets = [video.asset, video.delivery720p].filter((asset) => asset !== null);
  await db.$transaction(async (tx) => {
    await tx.videoJob.delete({ where: { id: video.id } });
    await tx.asset.deleteMany({ where: { id: { in: assets.map((asset) => asset.id) } } });
    await audit(tx, false);
  });
  await removeUnusedBlobs(assets.flatMap((asset) => [asset.storageKey, ...(asset.thumbnailKey ? [asset.thumbnailKey] : [])]));
  return { deleted: true, archiveKept: false };
}
