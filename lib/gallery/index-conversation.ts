import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { linkItemAssets } from "./index-links";

type Tx = Prisma.TransactionClient;

/**
 * What the chat knows of the turn: the title a conversation has before it is named (not a prompt),
 * and the studio images its request sent.
 */
export type TurnEntryFacts = { placeholderTitle: string; inputAssetIds: readonly string[] };

/**
 * Adds a turn that has just succeeded to its conversation's one gallery entry, in the transaction
 * that records the turn: the entry is made with the first image, then shows the newest
 * one, counts every turn's image and finds every message. Its sharing is left as it is, so a shared
 * conversation's new images reach the team at once. The turn's final image is an output; its
 * intermediate image and the images its messages sent are inputs (teammates replaying or forking
 * the conversation open them). Recording the same turn again adds nothing.
 */
export async function indexConversationTurn(tx: Tx, turnId: string, facts: TurnEntryFacts): Promise<void> {
  const turn = await tx.turn.findUniqueOrThrow({
    where: { id: turnId },
    include: { assets: { orderBy: { position: "asc" }, select: { id: true, position: true } }, conversation: true },
  });
  const final = turn.assets.find((asset) => asset.position === 0);
  if (!final) return;
  const { conversation } = turn;
  const turns = await tx.turn.findMany({ where: { conversationId: conversation.id, status: "succeeded" }, orderBy: { createdAt: "asc" }, select: { userText: true } });
  const titled = conversation.title !== facts.placeholderTitle;
  const prompt = titled ? conversation.title : (turns[0]?.userText ?? turn.userText);
  const searchText = [...(titled ? [conversation.title] : []), ...turns.map((t) => t.userText)].join("\n");
  const existing = await tx.galleryItem.findUnique({ where: { conversationId: conversation.id }, select: { id: true } });
  const counted = existing ? await tx.galleryItemAsset.findUnique({ where: { itemId_assetId: { itemId: existing.id, assetId: final.id } } }) : null;
  const item = await tx.galleryItem.upsert({
    where: { conversationId: conversation.id },
    create: { kind: "conversation", ownerId: conversation.ownerId, conversationId: conversation.id, model: "alpha-v3.5", prompt, searchText, coverAssetId: final.id, imageCount: 1 },
    update: { prompt, searchText, ...(counted ? {} : { coverAssetId: final.id, imageCount: { increment: 1 } }) },
    select: { id: true },
  });
  const inputs = [...turn.assets.filter((asset) => asset.id !== final.id).map((asset) => asset.id), ...facts.inputAssetIds];
  await linkItemAssets(tx, item.id, [final.id], inputs);
}
