import "server-only";
import { db } from "@/lib/db/client";
import { decodeKeysetCursor, encodeKeysetCursor } from "@/lib/pagination/keyset-cursor";
import { ADMIN_SHARE_LINKS_PAGE_SIZE, type AdminShareLinkPage } from "./share-link-rules";
import { shareLinkState } from "./share-link-state";

/**
 * GET /api/admin/links: every public link of the studio, newest first, whatever its state, a page
 * at a time. A site admin revokes one through DELETE /api/gallery/links/[linkId], which already lets
 * them (lib/gallery/share-links.ts).
 */
export async function listAllShareLinks(query: { cursor?: string }): Promise<AdminShareLinkPage> {
  const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
  const rows = await db.shareLink.findMany({
    where: after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ADMIN_SHARE_LINKS_PAGE_SIZE + 1,
    include: {
      createdBy: { select: { id: true, name: true, email: true, disabledAt: true } },
      item: { select: { id: true, kind: true, prompt: true } },
    },
  });
  const page = rows.slice(0, ADMIN_SHARE_LINKS_PAGE_SIZE);
  const now = new Date();
  return {
    links: page.map((link) => ({
      id: link.id,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      revokedAt: link.revokedAt?.toISOString() ?? null,
      state: shareLinkState({ ...link, creator: link.createdBy }, now),
      creator: { id: link.createdBy.id, name: link.createdBy.name, email: link.createdBy.email },
      item: link.item,
    })),
    nextCursor: rows.length > ADMIN_SHARE_LINKS_PAGE_SIZE ? encodeKeysetCursor(page.at(-1)!) : null,
  };
}
