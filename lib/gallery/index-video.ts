import "server-only";
import type { Prisma, VideoJob } from "@/lib/generated/prisma/client";
import { linkItemAssets } from "./index-links";

/**
 * Writes the gallery entry of a video job that has just become ready, in the transaction that
 * records it ready. The model is the task; the cover is the video itself (its thumbnail is
 * the poster frame). The video and its 720p copy are outputs, the job's input files (`inputAssetIds`)
 * inputs. Writing it again (a retried record) adds nothing.
 */
export async function indexVideo(tx: Prisma.TransactionClient, video: VideoJob, inputAssetIds: readonly string[]): Promise<void> {
  if (video.status !== "ready" || !video.assetId) return;
  const item = await tx.galleryItem.upsert({
    where: { videoJobId: video.id },
    create: { kind: "video", ownerId: video.ownerId, videoJobId: video.id, model: video.task, prompt: video.prompt, searchText: video.prompt, coverAssetId: video.assetId },
    update: {},
    select: { id: true },
  });
  const outputs = [video.assetId, ...(video.delivery720pId ? [video.delivery720pId] : [])];
  await linkItemAssets(tx, item.id, outputs, inputAssetIds);
}
