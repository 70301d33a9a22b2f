import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { linkItemAssets } from "@/lib/gallery/index-links";
import { recordLineage } from "@/lib/lineage/record-lineage";
import { findVisibleVideo } from "./video-access";
import type { KeepFrameInput } from "./video-schemas";

/**
 * "Use frame": the image the user has just uploaded from a video's player becomes a gallery entry
 * made from that video, so its page says where it came from and the video's says where it went.
 * The frame is the user's own upload, kept once: a second claim on it is refused rather than
 * giving one image two sources. The entry and its lineage are written together.
 */
export async function keepFrame(user: CurrentUser, videoId: string, input: KeepFrameInput): Promise<{ itemId: string }> {
  const video = await findVisibleVideo(user, videoId);
  if (!video.assetId) throw new AppError("conflict", "The video is not ready: it has no frame to take yet");
  const frame = await db.asset.findFirst({ where: { id: input.assetId, ownerId: user.id, kind: "input", mime: { startsWith: "image/" } }, select: { id: true } });
  if (!frame) throw new AppError("validation_failed", "assetId: is not an image you uploaded", [{ field: "assetId", message: "is not an image you uploaded" }]);
  const videoAssetId = video.assetId;
  return db.$transaction(async (tx) => {
    // An image has one entry (GalleryItem.assetId is unique): a frame kept already, even by a
    // concurrent request, creates nothing here and is refused.
    const [item] = await tx.galleryItem.createManyAndReturn({
      data: [{ kind: "image", ownerId: user.id, model: video.task, prompt: video.prompt, searchText: video.prompt, assetId: frame.id, coverAssetId: frame.id, imageCount: 1 }],
      skipDuplicates: true,
      select: { id: true },
    });
    if (!item) throw new AppError("validation_failed", "assetId: is already kept in the gallery", [{ field: "assetId", message: "is already kept in the gallery" }]);
    await linkItemAssets(tx, item.id, [frame.id], [videoAssetId]);
    await recordLineage(tx, { frameAssetId: frame.id }, [{ assetId: videoAssetId, role: "video_frame" }]);
    return { itemId: item.id };
  });
}
