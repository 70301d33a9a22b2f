import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Asset, VideoStatus } from "@/lib/generated/prisma/client";
import type { VideoTask } from "@/lib/upstream/video/limits";
import { madeFrom, usedIn } from "@/lib/gallery/lineage-of";
import { preparedInputs } from "./keyframes";
import { findVisibleVideo, OWNER_ONLY_VIDEO } from "./video-access";
import { storedParams } from "./stored-video-params";
import { toVideoJobDto, VIDEO_JOB_INCLUDE, type VideoJobWithAssets } from "./to-video-dto";
import type { VideoJobDto, VideoListDto, VideoPhase } from "./video-dto";

export const VIDEO_PAGE_SIZE = { default: 20, max: 50 } as const;

/** The inputs of `jobs` (uploaded and prepared), for their thumbnails. */
async function inputAssetsOf(jobs: VideoJobWithAssets[]): Promise<Map<string, Asset>> {
  const ids = jobs.flatMap((job) => [...storedParams(job).inputs.map((input) => input.assetId), ...preparedInputs(job.preparation).map((input) => input.assetId)]);
  if (ids.length === 0) return new Map();
  const assets = await db.asset.findMany({ where: { id: { in: [...new Set(ids)] } } });
  return new Map(assets.map((asset) => [asset.id, asset]));
}

/** The user's video jobs, newest first, a page at a time (`cursor` is the last id of the page before). */
export async function listVideos(user: CurrentUser, query: { task?: VideoTask; status?: VideoPhase; cursor?: string; limit?: number }): Promise<VideoListDto> {
  const take = Math.min(query.limit ?? VIDEO_PAGE_SIZE.default, VIDEO_PAGE_SIZE.max);
  const where = { ownerId: user.id, ...(query.task ? { task: query.task } : {}), ...(query.status ? { status: query.status as VideoStatus } : {}) };
  if (query.cursor && !(await db.videoJob.findFirst({ where: { id: query.cursor, ownerId: user.id }, select: { id: true } }))) {
    throw new AppError("validation_failed", "cursor: is not a position in your video list", [{ field: "cursor", message: "is not a position in your video list" }]);
  }
  const rows = await db.videoJob.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    include: VIDEO_JOB_INCLUDE,
  });
  const page = rows.slice(0, take);
  const inputs = await inputAssetsOf(page);
  return { items: page.map((row) => toVideoJobDto(row, inputs)), nextCursor: rows.length > take ? page.at(-1)!.id : null };
}

/** One of the user's own video jobs, to change (cancel, delete): a job they may only see is refused (403), any other is not found. */
export async function getOwnedVideo(user: CurrentUser, id: string): Promise<VideoJobWithAssets> {
  const row = await findVisibleVideo(user, id);
  if (row.ownerId !== user.id) throw new AppError("forbidden", OWNER_ONLY_VIDEO);
  return row;
}

export async function videoDto(row: VideoJobWithAssets): Promise<VideoJobDto> {
  return toVideoJobDto(row, await inputAssetsOf([row]));
}

/** A video job the user may see: their own, or one shared with their team. */
export async function getVideo(user: CurrentUser, id: string): Promise<VideoJobDto> {
  const row = await findVisibleVideo(user, id);
  const outputs = [row.assetId, row.delivery720pId].filter((id): id is string => id !== null);
  const [dto, sources, results] = await Promise.all([videoDto(row), madeFrom(user, { videoJobId: row.id }), usedIn(user, outputs)]);
  return { ...dto, madeFrom: sources, usedIn: results };
}
