import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { GalleryItemDto } from "./gallery-dto";
import { mayShare, ONLY_OWNER_SHARES, openItemForUser } from "./open-item";
import { galleryItemRowSelect, toGalleryItemDto } from "./to-gallery-item-dto";

/** The refusal of a team the owner is not in: an entry is shared only with one of its owner's teams. */
export function checkOwnTeam(owner: CurrentUser, teamId: string | null, field = "teamId"): void {
  if (teamId !== null && !owner.teamIds.includes(teamId)) {
    throw new AppError("validation_failed", `${field}: teamId must be the id of one of your teams`, [
      { field, message: "teamId must be the id of one of your teams" },
    ]);
  }
}

/**
 * PUT /api/gallery/items/[id]/share: the owner shares the entry with one of their teams, or makes it
 * private again (teamId null). Teammates and site admins who can see it get 403; others 404.
 */
export async function shareItem(user: CurrentUser, id: string, teamId: string | null): Promise<GalleryItemDto> {
  const item = await openItemForUser(user, id);
  if (!mayShare(user, item)) throw new AppError("forbidden", ONLY_OWNER_SHARES);
  checkOwnTeam(user, teamId);
  const [row] = await setSharing(user, [id], teamId);
  return toGalleryItemDto(row);
}

/** Sets the team (and when it was shared) of entries the caller checked are `user`'s, with one audit entry each. */
export function setSharing(user: CurrentUser, ids: string[], teamId: string | null) {
  return db.$transaction(async (tx) => {
    const before = new Map((await tx.galleryItem.findMany({ where: { id: { in: ids } }, select: { id: true, teamId: true } })).map((row) => [row.id, row.teamId]));
    await tx.galleryItem.updateMany({ where: { id: { in: ids }, ownerId: user.id }, data: { teamId, sharedAt: teamId ? new Date() : null } });
    for (const id of ids) {
      // Unsharing concerns the team the entry leaves: its owners see that entry.
      const concerned = teamId ?? before.get(id) ?? null;
      await recordAudit(tx, { actor: user, action: teamId ? "gallery.shared" : "gallery.unshared", target: id, teamId: concerned, details: { teamId, from: before.get(id) ?? null } });
    }
    const rows = await tx.galleryItem.findMany({ where: { id: { in: ids } }, select: galleryItemRowSelect });
    return ids.map((id) => rows.find((row) => row.id === id)!);
  });
}
