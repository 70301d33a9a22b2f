import type { CurrentUser } from "@/lib/auth/types";
import type { Prisma } from "@/lib/generated/prisma/client";

// Who may see what. A gallery entry is its owner's until they share it with one of their
// teams; then that team's members may read, reuse and fork it. Site admins may see every entry.
// An asset is visible through the entries that show or used it (GalleryItemAsset), so a shared
// conversation's input images open for the teammates who may read it, and unsharing the entry hides
// them again. Everyone else is told "no such item" (404), never that it exists.

/** Whether `user` may see an entry. */
export function canSeeItem(user: CurrentUser, item: { ownerId: string; teamId: string | null }): boolean {
  return user.role === "admin" || item.ownerId === user.id || (item.teamId !== null && user.teamIds.includes(item.teamId));
}

/** The assets `user` may open (bytes, thumbnail, download, use as a reference), as a database filter. */
export function assetsVisibleTo(user: CurrentUser): Prisma.AssetWhereInput {
  if (user.role === "admin") return {};
  return assetsSharedWith(user);
}

/**
 * The assets a picker offers `user`: their own and those of entries shared with their teams. A site
 * admin may open anyone's asset, but their picker is not everyone's library.
 */
export function assetsSharedWith(user: CurrentUser): Prisma.AssetWhereInput {
  return { OR: [{ ownerId: user.id }, { galleryLinks: { some: { item: { teamId: { in: user.teamIds } } } } }] };
}
