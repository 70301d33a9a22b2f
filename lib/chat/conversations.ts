import "server-only";
import { CONVERSATION_TITLE_MAX_CHARACTERS, UNTITLED_CONVERSATION } from "./schemas";
import type { CurrentUser } from "@/lib/auth/current-user";
import { thumbnailLink } from "@/lib/assets/asset-dto";
import { deliveryThumbnailUrl } from "@/lib/assets/delivery-links";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { canSeeItem } from "@/lib/sharing/access";
import { assetIdsInMessages } from "./asset-refs";
import type { ConversationDto, ConversationSummary } from "./conversation-dto";
import { toTurnDto } from "./turn-dto";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";

export function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || UNTITLED_CONVERSATION;
}

/** Refused to anyone but the owner who may nevertheless read the conversation. */
const OWNER_ONLY_CONVERSATION = "Only the owner can change this conversation";

// A conversation is its owner's; once its gallery entry is shared, the team it is shared
// with (and site admins, who may see every entry: lib/sharing/access.ts) may read it, read-only, and
// fork it. Whoever may not is told it does not exist (404), never that it does.
export async function getViewableConversation(user: CurrentUser, conversationId: string) {
  const conversation = await db.conversation.findFirst({
    where: { id: conversationId, deletedAt: null },
    include: {
      owner: { select: { id: true, name: true } },
      galleryItem: { select: { id: true, ownerId: true, teamId: true, team: { select: { id: true, name: true } } } },
    },
  });
  if (!conversation) throw new AppError("not_found", "No such conversation");
  const visible = conversation.ownerId === user.id || (conversation.galleryItem !== null && canSeeItem(user, conversation.galleryItem));
  if (!visible) throw new AppError("not_found", "No such conversation");
  return conversation;
}

/** The conversation, for a change (rename, delete, a new turn): its owner's alone. */
export async function getOwnedConversation(user: CurrentUser, conversationId: string) {
  const conversation = await getViewableConversation(user, conversationId);
  if (conversation.ownerId !== user.id) throw new AppError("forbidden", OWNER_ONLY_CONVERSATION);
  return conversation;
}

export async function listConversations(user: CurrentUser, search?: string): Promise<ConversationSummary[]> {
  const query = search?.trim();
  const rows = await db.conversation.findMany({
    where: {
      ownerId: user.id,
      deletedAt: null,
      ...(query && {
        OR: [
          { title: { contains: query, mode: "insensitive" as const } },
          { turns: { some: { userText: { contains: query, mode: "insensitive" as const } } } },
        ],
      }),
    },
    orderBy: { updatedAt: "desc" },
    take: 200,
    include: {
      _count: { select: { turns: true } },
      turns: {
        where: { status: "succeeded" },
        orderBy: { createdAt: "desc" },
        take: 1,
        include: { assets: { where: { position: 0 }, take: 1 } },
      },
    },
  });
  return rows.map((row) => {
    const asset = row.turns[0]?.assets[0];
    return {
      id: row.id,
      title: row.title,
      updatedAt: row.updatedAt.toISOString(),
      turnCount: row._count.turns,
      // Both show a picture before the thumbnail is made (in the background, after the turn has ended):
      // the session link makes it on demand, the delivery link names the image itself. A new
      // conversation shows its picture as soon as its first turn does.
      thumbnailUrl: asset ? thumbnailLink(asset) : null,
      deliveryThumbnailUrl: asset ? deliveryThumbnailUrl(asset) : null,
    };
  });
}

export async function createConversation(user: CurrentUser, title?: string) {
  return db.conversation.create({
    data: { ownerId: user.id, teamId: user.activeTeamId, title: title?.trim().slice(0, CONVERSATION_TITLE_MAX_CHARACTERS) || UNTITLED_CONVERSATION },
  });
}

export async function renameConversation(user: CurrentUser, conversationId: string, title: string) {
  await getOwnedConversation(user, conversationId);
  return db.conversation.update({ where: { id: conversationId }, data: { title: title.trim().slice(0, CONVERSATION_TITLE_MAX_CHARACTERS) } });
}

// Kept in the database (soft delete): its images stay in the gallery and nothing is lost by a slip.
export async function deleteConversation(user: CurrentUser, conversationId: string) {
  const conversation = await getOwnedConversation(user, conversationId);
  await db.$transaction(async (tx) => {
    await tx.conversation.update({ where: { id: conversationId }, data: { deletedAt: new Date() } });
    await recordAudit(tx, { actor: user, action: "conversation.deleted", target: conversationId, teamId: conversation.teamId });
  });
}

export async function getConversationWithTurns(user: CurrentUser, conversationId: string): Promise<ConversationDto> {
  const conversation = await getViewableConversation(user, conversationId);
  const turns = await db.turn.findMany({
    where: { conversationId },
    orderBy: { createdAt: "asc" },
    include: { assets: true },
  });
  const inputIds = turns.flatMap((turn) => assetIdsInMessages((turn.requestMessages ?? []) as unknown as AlphaMessage[]));
  const inputs = await db.asset.findMany({ where: { id: { in: [...new Set(inputIds)] } } });
  const inputMap = new Map(inputs.map((asset) => [asset.id, asset]));
  return {
    id: conversation.id,
    title: conversation.title,
    session: conversation.session,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    readOnly: conversation.ownerId !== user.id,
    owner: conversation.owner,
    sharedWith: conversation.galleryItem?.team ?? null,
    galleryItemId: conversation.galleryItem?.id ?? null,
    turns: turns.map((turn) => toTurnDto(turn, inputMap)),
  };
}
