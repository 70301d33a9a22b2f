import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import type { GalleryItem, LineageRole, Prisma } from "@/lib/generated/prisma/client";
import { canSeeItem } from "@/lib/sharing/access";
import type { LineageDto, LineageEntryDto } from "./lineage-dto";

const ENTRY_SELECT = { id: true, kind: true, model: true, prompt: true, ownerId: true, teamId: true, coverAssetId: true } as const;

type EntryRow = Prisma.GalleryItemGetPayload<{ select: typeof ENTRY_SELECT }>;

// Only the entries the viewer may see are named: a source or a result that is private to someone
// else stays unknown, exactly as its own page would answer.
function visibleEntries(user: CurrentUser, rows: readonly { item: EntryRow; role: LineageRole }[], exceptId?: string): LineageEntryDto[] {
  const seen = new Set<string>(exceptId ? [exceptId] : []);
  const entries: LineageEntryDto[] = [];
  for (const { item, role } of rows) {
    if (seen.has(item.id) || !canSeeItem(user, item)) continue;
    seen.add(item.id);
    entries.push({
      itemId: item.id,
      kind: item.kind,
      model: item.model,
      prompt: item.prompt,
      thumbnailUrl: item.coverAssetId ? `/api/assets/${item.coverAssetId}?variant=thumb` : null,
      role,
    });
  }
  return entries;
}

/** The entries showing the images that the work selected by `work` was made from. */
export async function madeFrom(user: CurrentUser, work: Prisma.LineageLinkWhereInput, exceptItemId?: string): Promise<LineageEntryDto[]> {
  const links = await db.lineageLink.findMany({ where: work, orderBy: { createdAt: "asc" }, select: { sourceAssetId: true, role: true } });
  if (links.length === 0) return [];
  const shown = await db.galleryItemAsset.findMany({
    where: { assetId: { in: links.map((link) => link.sourceAssetId) }, output: true },
    select: { assetId: true, item: { select: ENTRY_SELECT } },
  });
  const rows = links.flatMap((link) => shown.filter((row) => row.assetId === link.sourceAssetId).map((row) => ({ item: row.item, role: link.role })));
  return visibleEntries(user, rows, exceptItemId);
}

/** The entries of the work made from `outputs` (the images or video an entry shows), but `exceptItemId`. */
export async function usedIn(user: CurrentUser, outputs: readonly string[], exceptItemId?: string): Promise<LineageEntryDto[]> {
  if (outputs.length === 0) return [];
  const links = await db.lineageLink.findMany({
    where: { sourceAssetId: { in: [...outputs] } },
    orderBy: { createdAt: "asc" },
    select: { role: true, generationId: true, videoJobId: true, frameAssetId: true, turn: { select: { conversationId: true } } },
  });
  if (links.length === 0) return [];
  const ids = (pick: (link: (typeof links)[number]) => string | null | undefined) => [...new Set(links.map(pick).filter((id): id is string => Boolean(id)))];
  const results = await db.galleryItem.findMany({
    where: {
      OR: [
        { generationId: { in: ids((link) => link.generationId) } },
        { videoJobId: { in: ids((link) => link.videoJobId) } },
        { conversationId: { in: ids((link) => link.turn?.conversationId) } },
        { assetId: { in: ids((link) => link.frameAssetId) } },
      ],
    },
    orderBy: { createdAt: "asc" },
    select: { ...ENTRY_SELECT, generationId: true, videoJobId: true, conversationId: true, assetId: true },
  });
  const rows = results.map((result) => {
    const link = links.find(
      (candidate) =>
        (candidate.generationId !== null && candidate.generationId === result.generationId) ||
        (candidate.videoJobId !== null && candidate.videoJobId === result.videoJobId) ||
        (candidate.turn !== null && candidate.turn.conversationId === result.conversationId) ||
        (candidate.frameAssetId !== null && candidate.frameAssetId === result.assetId),
    );
    return { item: result, role: link!.role };
  });
  return visibleEntries(user, rows, exceptItemId);
}

async function usedInItem(user: CurrentUser, item: GalleryItem): Promise<LineageEntryDto[]> {
  const outputs = await db.galleryItemAsset.findMany({ where: { itemId: item.id, output: true }, select: { assetId: true } });
  return usedIn(user, outputs.map((output) => output.assetId), item.id);
}

/** The work behind a gallery entry, as lineage links select it. */
function workOf(item: GalleryItem): Prisma.LineageLinkWhereInput | null {
  if (item.generationId) return { generationId: item.generationId };
  if (item.videoJobId) return { videoJobId: item.videoJobId };
  if (item.conversationId) return { turn: { conversationId: item.conversationId } };
  if (item.assetId) return { frameAssetId: item.assetId };
  return null;
}

/** What an entry was made from and what was made from it, as far as `user` may see. */
export async function itemLineage(user: CurrentUser, item: GalleryItem): Promise<LineageDto> {
  const work = workOf(item);
  const [sources, results] = await Promise.all([work ? madeFrom(user, work, item.id) : [], usedInItem(user, item)]);
  return { madeFrom: sources, usedIn: results };
}
