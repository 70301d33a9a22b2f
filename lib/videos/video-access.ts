import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { canSeeItem } from "@/lib/sharing/access";
import { VIDEO_JOB_INCLUDE } from "./to-video-dto";

/** Refused to anyone but the owner who may nevertheless see the job. */
export const OWNER_ONLY_VIDEO = "Only the owner can change this video job";

// A video job is its owner's; once its gallery entry is shared, the team it is shared with
// (and site admins, who may see every entry: lib/sharing/access.ts) may watch it, read-only. Whoever
// may not is told it does not exist (404), never that it does.
export async function findVisibleVideo(user: CurrentUser, id: string) {
  const row = await db.videoJob.findUnique({
    where: { id },
    include: { ...VIDEO_JOB_INCLUDE, owner: { select: { id: true, name: true } }, galleryItem: { select: { ownerId: true, teamId: true } } },
  });
  if (!row) throw new AppError("not_found", "No such video job");
  const visible = row.ownerId === user.id || (row.galleryItem !== null && canSeeItem(user, row.galleryItem));
  if (!visible) throw new AppError("not_found", "No such video job");
  return row;
}

/** What the job's page says about whose it is: someone else's job is shown read-only, with its owner's name. */
export async function videoViewer(user: CurrentUser, id: string): Promise<{ readOnly: boolean; ownerName: string }> {
  const row = await findVisibleVideo(user, id);
  return { readOnly: row.ownerId !== user.id, ownerName: row.owner.name };
}
