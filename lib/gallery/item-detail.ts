import "server-only";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { siteSettings } from "@/lib/auth/site-settings";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import type { GalleryItem } from "@/lib/generated/prisma/client";
import type { GalleryItemDetailDto } from "./gallery-dto";
import { itemLineage } from "./lineage-of";
import { linkedAssets } from "./item-outputs";
import { mayDelete, mayShare, openItemForUser } from "./open-item";
import { canSeeItem } from "@/lib/sharing/access";
import { galleryItemRowSelect, toGalleryItemDto } from "./to-gallery-item-dto";

/** GET /api/gallery/items/[id]: the entry, its files, the request that made it and what the viewer may do. */
export async function itemDetail(user: CurrentUser, id: string): Promise<GalleryItemDetailDto> {
  const item = await openItemForUser(user, id);
  const [row, outputs, references, request, settings, variations, lineage] = await Promise.all([
    db.galleryItem.findUniqueOrThrow({ where: { id }, select: galleryItemRowSelect }),
    linkedAssets([id], true),
    linkedAssets([id], false),
    requestOf(item),
    siteSettings(),
    variationsOf(user, item),
    itemLineage(user, item),
  ]);
  return {
    ...toGalleryItemDto(row),
    can: {
      share: mayShare(user, item),
      delete: mayDelete(user, item),
      fork: item.kind === "conversation",
      publicLink: mayShare(user, item) && settings.publicShareLinks,
    },
    request,
    outputs: (outputs.get(id) ?? []).map(toAssetDto),
    references: (references.get(id) ?? []).map(toAssetDto),
    conversationId: item.conversationId,
    videoJobId: item.videoJobId,
    generationId: item.generationId,
    variations,
    lineage,
  };
}

// The other images of its set that the viewer may see (the same rule as the entry's own), in the
// order the gallery's set tile lists them, so the detail steps through what the tile stood for.
async function variationsOf(user: CurrentUser, item: GalleryItem): Promise<GalleryItemDetailDto["variations"]> {
  if (!item.variationSetId) return [];
  const members = await db.galleryItem.findMany({
    where: { variationSetId: item.variationSetId, coverAssetId: { not: null } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, ownerId: true, teamId: true, coverAssetId: true },
  });
  return members.filter((member) => canSeeItem(user, member)).map((member) => ({ id: member.id, thumbnailUrl: `/api/assets/${member.coverAssetId}?variant=thumb` }));
}

type RequestSummary = GalleryItemDetailDto["request"];

const NO_REQUEST: RequestSummary = { params: null, revisedPrompt: null, requestId: null, tokens: null };

// The request as stored with the work: a generation's or video job's parameters; for a conversation,
// its first turn's parameters, the tokens of all its turns and the latest request id to quote.
async function requestOf(item: GalleryItem): Promise<RequestSummary> {
  if (item.generationId) {
    const generation = await db.generation.findUnique({
      where: { id: item.generationId },
      select: { params: true, revisedPrompt: true, requestId: true, tokens: true },
    });
    return generation ?? NO_REQUEST;
  }
  if (item.videoJobId) {
    const job = await db.videoJob.findUnique({ where: { id: item.videoJobId }, select: { params: true, requestId: true } });
    return job ? { params: job.params, revisedPrompt: null, requestId: job.requestId, tokens: null } : NO_REQUEST;
  }
  if (item.conversationId) {
    const where = { conversationId: item.conversationId };
    const [first, latest, total] = await Promise.all([
      db.turn.findFirst({ where, orderBy: { createdAt: "asc" }, select: { params: true } }),
      db.turn.findFirst({ where: { ...where, requestId: { not: null } }, orderBy: { createdAt: "desc" }, select: { requestId: true } }),
      db.turn.aggregate({ where, _sum: { tokens: true } }),
    ]);
    return { params: first?.params ?? null, revisedPrompt: null, requestId: latest?.requestId ?? null, tokens: total._sum.tokens };
  }
  return NO_REQUEST;
}
