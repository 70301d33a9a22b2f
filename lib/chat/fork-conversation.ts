import "server-only";
import { randomUUID } from "node:crypto";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Asset, Prisma, Turn } from "@/lib/generated/prisma/client";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import { branchOf, mapImageUrls } from "./assemble-messages";
import { assetIdOfRef, assetRef } from "./asset-ref-format";
import { assetIdsInMessages } from "./asset-refs";
import { getViewableConversation } from "./conversations";
import { forkTitle } from "./schemas";

type StoredTurn = Turn & { assets: Asset[] };

function turnIdProblem(message: string): AppError {
  return new AppError("validation_failed", `turnId: ${message}`, [{ field: "turnId", message }]);
}

const messagesOf = (value: Prisma.JsonValue | null) => (value ?? []) as unknown as AlphaMessage[];

/** The asset ids a turn's stored params name as attachments (lib/chat/stored-turn-params). */
function paramImageIds(params: Prisma.JsonValue): string[] {
  const images = (params as { images?: unknown } | null)?.images;
  return Array.isArray(images) ? images.flatMap((image) => (typeof image?.assetId === "string" ? [image.assetId] : [])) : [];
}

function withImageIds(params: Prisma.JsonValue, ids: ReadonlyMap<string, string>): Prisma.InputJsonValue {
  const object = params as Record<string, unknown>;
  if (!Array.isArray(object?.images)) return params as Prisma.InputJsonValue;
  return { ...object, images: object.images.map((image: { assetId?: string }) => ({ ...image, assetId: ids.get(image.assetId ?? "") ?? image.assetId })) } as Prisma.InputJsonValue;
}

function withAssetRefs(messages: AlphaMessage[], ids: ReadonlyMap<string, string>): Prisma.InputJsonValue {
  return mapImageUrls(messages, (url) => {
    const copy = ids.get(assetIdOfRef(url) ?? "");
    return copy ? assetRef(copy) : url;
  }) as unknown as Prisma.InputJsonValue;
}

// A copy of an asset row owned by the forker: blobs are content-addressed, so the copy names the same
// bytes and nothing is written to disk (and a blob is only removed once no row uses it).
function assetCopy(asset: Asset, id: string, user: CurrentUser, turnId: string | null): Prisma.AssetCreateManyInput {
  return {
    id,
    kind: asset.kind,
    storageKey: asset.storageKey,
    sha256: asset.sha256,
    mime: asset.mime,
    width: asset.width,
    height: asset.height,
    bytes: asset.bytes,
    durationMs: asset.durationMs,
    thumbnailKey: asset.thumbnailKey,
    sourceUrl: asset.sourceUrl,
    ownerId: user.id,
    teamId: user.activeTeamId,
    turnId,
    position: asset.position,
    role: asset.role,
    layout: asset.layout ?? undefined,
    createdAt: asset.createdAt,
  };
}

/**
 * Anyone who may read a conversation (its owner, the team it is shared with, site admins)
 * forks it into a conversation of their own that continues from `turnId`. The turns from the root
 * to that turn are copied with everything the next request is assembled from (spec 4.2 rule 2:
 * messages, assembled_history, completedAt for the age of its image URLs, the stored copies of its
 * images by position and source URL), so the fork's next turn replays the same history. The images
 * it shows or references become the forker's own rows over the same blobs: the fork stays whole when
 * the original is unshared or deleted, and every link in it opens for its owner.
 */
export async function forkConversation(user: CurrentUser, conversationId: string, turnId: string): Promise<{ id: string }> {
  const source = await getViewableConversation(user, conversationId);
  const turns: StoredTurn[] = await db.turn.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" }, include: { assets: true } });
  if (!turns.some((turn) => turn.id === turnId)) throw turnIdProblem("no such turn in this conversation");
  const path = branchOf(turns, turnId);
  if (path.some((turn) => turn.status === "pending")) throw turnIdProblem("is still generating; fork it once it has finished");

  const newTurnIds = new Map(path.map((turn) => [turn.id, randomUUID()]));
  const assetIds = new Map<string, string>();
  const outputs = path.flatMap((turn) => turn.assets.map((asset) => ({ asset, turnId: newTurnIds.get(turn.id)! })));
  for (const { asset } of outputs) assetIds.set(asset.id, randomUUID());
  const referencedIds = path.flatMap((turn) => [...assetIdsInMessages(messagesOf(turn.requestMessages)), ...paramImageIds(turn.params)]);
  const referenced = await db.asset.findMany({ where: { id: { in: [...new Set(referencedIds)].filter((id) => !assetIds.has(id)) }, ownerId: { not: user.id } } });
  for (const asset of referenced) assetIds.set(asset.id, randomUUID());

  return db.$transaction(async (tx) => {
    const fork = await tx.conversation.create({ data: { ownerId: user.id, teamId: user.activeTeamId, title: forkTitle(source.title) } });
    await tx.asset.createMany({ data: referenced.map((asset) => assetCopy(asset, assetIds.get(asset.id)!, user, null)) });
    // Oldest first, so each turn's parent exists before it.
    for (const turn of path) {
      await tx.turn.create({
        data: {
          id: newTurnIds.get(turn.id),
          conversationId: fork.id,
          parentTurnId: turn.parentTurnId ? newTurnIds.get(turn.parentTurnId)! : null,
          userText: turn.userText,
          params: withImageIds(turn.params, assetIds),
          requestMessages: withAssetRefs(messagesOf(turn.requestMessages), assetIds),
          responseFrame: turn.responseFrame ?? undefined,
          assembledHistory: turn.assembledHistory === null ? undefined : withAssetRefs(messagesOf(turn.assembledHistory), assetIds),
          status: turn.status,
          errorCode: turn.errorCode,
          errorMessage: turn.errorMessage,
          requestId: turn.requestId,
          upstreamModel: turn.upstreamModel,
          tokens: turn.tokens,
          durationMs: turn.durationMs,
          forkedFromId: turn.forkedFromId ?? turn.id,
          createdAt: turn.createdAt,
          completedAt: turn.completedAt,
        },
      });
    }
    await tx.asset.createMany({ data: outputs.map(({ asset, turnId: copyTurnId }) => assetCopy(asset, assetIds.get(asset.id)!, user, copyTurnId)) });
    return { id: fork.id };
  });
}
