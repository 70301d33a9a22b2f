import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { GalleryItem } from "@/lib/generated/prisma/client";
import { canSeeItem } from "@/lib/sharing/access";
import { deleteItems, type DeleteResult } from "./delete-item";
import type { GalleryItemDto } from "./gallery-dto";
import type { SelectionAction } from "./gallery-schemas";
import { mayDelete, mayShare, NO_SUCH_ITEM, ONLY_OWNER_OR_ADMIN_DELETES, ONLY_OWNER_SHARES } from "./open-item";
import { checkOwnTeam, setSharing } from "./share-item";
import { toGalleryItemDto } from "./to-gallery-item-dto";

export type SelectionResult = { action: "share" | "unshare"; items: GalleryItemDto[] } | ({ action: "delete" } & DeleteResult);

/**
 * The entries named by `ids`, in order, when `user` may see every one (else 404 naming the first
 * hidden or missing one as `ids.<n>`, like a single entry's "No such item").
 */
export async function openItemsForUser(user: CurrentUser, ids: string[]): Promise<GalleryItem[]> {
  const rows = await db.galleryItem.findMany({ where: { id: { in: ids } } });
  return ids.map((id, index) => {
    const item = rows.find((row) => row.id === id);
    if (!item || !canSeeItem(user, item)) throw new AppError("not_found", NO_SUCH_ITEM, [{ field: `ids.${index}`, message: NO_SUCH_ITEM }]);
    return item;
  });
}

/**
 * POST /api/gallery/selection: one action on up to GALLERY_SELECTION_MAX entries, all or nothing.
 * Every entry is checked (seen, then allowed) before anything is written.
 */
export async function applySelection(user: CurrentUser, action: SelectionAction): Promise<SelectionResult> {
  const items = await openItemsForUser(user, action.ids);
  const [allowed, refusal] = action.action === "delete" ? [mayDelete, ONLY_OWNER_OR_ADMIN_DELETES] : [mayShare, ONLY_OWNER_SHARES];
  const refused = items.findIndex((item) => !allowed(user, item));
  if (refused >= 0) throw new AppError("forbidden", refusal, [{ field: `ids.${refused}`, message: refusal }]);
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  if (action.action === "delete") return { action: "delete", ...(await deleteItems(user, unique)) };
  const teamId = action.action === "share" ? action.teamId : null;
  checkOwnTeam(user, teamId);
  return { action: action.action, items: (await setSharing(user, unique.map((item) => item.id), teamId)).map(toGalleryItemDto) };
}
