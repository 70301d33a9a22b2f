import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { GalleryItem } from "@/lib/generated/prisma/client";
import { canSeeItem } from "@/lib/sharing/access";

/** The answer for an entry the user may not see, and for one that does not exist. */
export const NO_SUCH_ITEM = "No such item";
export const ONLY_OWNER_SHARES = "Only the owner can share this";
export const ONLY_OWNER_LINKS = "Only the owner can make public links to this";
export const ONLY_OWNER_OR_ADMIN_DELETES = "Only the owner or a site admin can delete this";

/** One gallery entry as `user` may see it; a missing id and a hidden entry get the same 404. */
export async function openItemForUser(user: CurrentUser, id: string): Promise<GalleryItem> {
  const item = await db.galleryItem.findUnique({ where: { id } });
  if (!item || !canSeeItem(user, item)) throw new AppError("not_found", NO_SUCH_ITEM);
  return item;
}

/** Share and unshare are the owner's only: teammates and site admins read, never re-share. */
export function mayShare(user: CurrentUser, item: { ownerId: string }): boolean {
  return item.ownerId === user.id;
}

/** Delete is the owner's or a site admin's. */
export function mayDelete(user: CurrentUser, item: { ownerId: string }): boolean {
  return item.ownerId === user.id || user.role === "admin";
}
