import "server-only";
import { removeUnusedBlobs } from "@/lib/assets/pending-blobs";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { Prisma, type GalleryItem } from "@/lib/generated/prisma/client";
import type { GalleryDeleteDto } from "./gallery-dto";
import { mayDelete, ONLY_OWNER_OR_ADMIN_DELETES, openItemForUser } from "./open-item";

/** Why an output survived its entry's deletion: something else still needs its bytes to replay. */
export const KEPT_REASONS = {
  entry: "Another gallery entry shows it or was made from it",
  conversation: "A conversation sent it as an input, and must stay replayable",
  generation: "Another generation used it as a reference image",
  video: "A video job used it as an input",
} as const;
type KeptReason = (typeof KEPT_REASONS)[keyof typeof KEPT_REASONS];

export type DeleteResult = GalleryDeleteDto & { kept: { assetId: string; reason: KeptReason }[] };

/** DELETE /api/gallery/items/[id]: the owner or a site admin removes the entry (teammates 403, others 404). */
export async function deleteItemForUser(user: CurrentUser, id: string): Promise<DeleteResult> {
  const item = await openItemForUser(user, id);
  if (!mayDelete(user, item)) throw new AppError("forbidden", ONLY_OWNER_OR_ADMIN_DELETES);
  return deleteItems(user, [item]);
}

/**
 * Removes entries the caller checked `user` may delete. Each entry goes with the outputs
 * only it uses; an output another entry, a conversation's request, a generation's or a video job's
 * parameters still name is kept, so that work stays replayable. A conversation is soft-deleted
 * (lib/chat/conversations.ts: its turns and images stay stored); a video job's row (and the upstream
 * job) stay, only its archived files go. Rows go in one transaction, blobs after it commits: a crash
 * leaves an orphan blob, never a row without its bytes. Blobs are shared by content, so one goes only
 * when no remaining asset uses its key.
 */
export async function deleteItems(user: CurrentUser, items: GalleryItem[]): Promise<DeleteResult> {
  const itemIds = items.map((item) => item.id);
  const conversationIds = items.flatMap((item) => (item.kind === "conversation" && item.conversationId ? [item.conversationId] : []));
  const { deletedKeys, result } = await db.$transaction(async (tx) => {
    const candidates = await outputsOf(tx, items);
    const kept = await stillUsed(tx, candidates, itemIds);
    const doomed = candidates.filter((assetId) => !kept.has(assetId));
    const assets = await tx.asset.findMany({ where: { id: { in: doomed } }, select: { storageKey: true, thumbnailKey: true } });
    await tx.galleryItem.deleteMany({ where: { id: { in: itemIds } } });
    await tx.asset.deleteMany({ where: { id: { in: doomed } } });
    if (conversationIds.length) await tx.conversation.updateMany({ where: { id: { in: conversationIds }, deletedAt: null }, data: { deletedAt: new Date() } });
    for (const item of items) {
      await recordAudit(tx, { actor: user, action: "gallery.deleted", target: item.id, teamId: item.teamId, details: { kind: item.kind, ownerId: item.ownerId } });
    }
    return {
      deletedKeys: assets.flatMap((asset) => (asset.thumbnailKey ? [asset.storageKey, asset.thumbnailKey] : [asset.storageKey])),
      result: { deleted: doomed.length, kept: [...kept].map(([assetId, reason]) => ({ assetId, reason })) },
    };
  });
  await removeUnusedBlobs(deletedKeys);
  return result;
}

// The files an entry alone may take with it. A conversation's images stay with the soft-deleted
// conversation; a video's archived file and 720p delivery go with its entry.
async function outputsOf(tx: Prisma.TransactionClient, items: GalleryItem[]): Promise<string[]> {
  const owning = items.filter((item) => item.kind !== "conversation");
  if (!owning.length) return [];
  const ids = owning.map((item) => item.id);
  const videoJobIds = owning.flatMap((item) => (item.videoJobId ? [item.videoJobId] : []));
  // One query at a time: a transaction is one connection.
  const links = await tx.galleryItemAsset.findMany({ where: { itemId: { in: ids }, output: true }, select: { assetId: true } });
  const jobs = await tx.videoJob.findMany({ where: { id: { in: videoJobIds } }, select: { assetId: true, delivery720pId: true } });
  const assetIds = [
    ...links.map((link) => link.assetId),
    ...owning.flatMap((item) => (item.assetId ? [item.assetId] : [])),
    ...jobs.flatMap((job) => [job.assetId, job.delivery720pId].filter((id): id is string => id !== null)),
  ];
  return [...new Set(assetIds)];
}

/** The candidates something outside the deleted entries still uses, with the first reason found. */
async function stillUsed(tx: Prisma.TransactionClient, assetIds: string[], itemIds: string[]): Promise<Map<string, KeptReason>> {
  const kept = new Map<string, KeptReason>();
  if (!assetIds.length) return kept;
  const keep = (ids: Iterable<string>, reason: KeptReason) => {
    for (const id of ids) if (!kept.has(id)) kept.set(id, reason);
  };
  const links = await tx.galleryItemAsset.findMany({ where: { assetId: { in: assetIds }, itemId: { notIn: itemIds } }, select: { assetId: true } });
  const entries = await tx.galleryItem.findMany({
    where: { id: { notIn: itemIds }, OR: [{ assetId: { in: assetIds } }, { coverAssetId: { in: assetIds } }] },
    select: { assetId: true, coverAssetId: true },
  });
  keep(links.map((link) => link.assetId), KEPT_REASONS.entry);
  keep(
    entries.flatMap((entry) => [entry.assetId, entry.coverAssetId]).filter((id): id is string => id !== null && assetIds.includes(id)),
    KEPT_REASONS.entry,
  );
  // Requests store asset ids inside JSON (a conversation's messages, a generation's reference list, a
  // video's keyframes); a text search of the stored JSON finds every place without knowing each shape.
  keep(await namedIn(tx, Prisma.sql`SELECT t."requestMessages"::text AS doc FROM "Turn" t`, assetIds), KEPT_REASONS.conversation);
  keep(await namedIn(tx, Prisma.sql`SELECT g."params"::text AS doc FROM "Generation" g`, assetIds), KEPT_REASONS.generation);
  keep(await namedIn(tx, Prisma.sql`SELECT v."params"::text AS doc FROM "VideoJob" v`, assetIds), KEPT_REASONS.video);
  return kept;
}

async function namedIn(tx: Prisma.TransactionClient, documents: Prisma.Sql, assetIds: string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT ids.id FROM (VALUES ${Prisma.join(assetIds.map((id) => Prisma.sql`(${id})`))}) AS ids(id)
     WHERE EXISTS (SELECT 1 FROM (${documents}) AS d WHERE strpos(d.doc, ids.id) > 0)`;
  return rows.map((row) => row.id);
}
