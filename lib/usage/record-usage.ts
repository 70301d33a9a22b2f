import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { USAGE_TURN_MODEL } from "./usage-labels";

type Tx = Prisma.TransactionClient;

type Spent = { at: Date; userId: string; teamId: string | null; model: string; tokens?: number | null; images?: number; videoSeconds?: number };
type Work = { generationId: string } | { turnId: string } | { videoJobId: string };

/**
 * Appends what a finished piece of work spent to the usage ledger, in the transaction that ends it.
 * Written once per piece of work (a repeat is skipped), never changed afterwards: deleting the work
 * leaves what it spent on record.
 */
async function recordUsage(tx: Tx, spent: Spent, work: Work): Promise<void> {
  await tx.usageEntry.createMany({
    data: [{ at: spent.at, userId: spent.userId, teamId: spent.teamId, model: spent.model, tokens: BigInt(spent.tokens ?? 0), images: spent.images ?? 0, videoSeconds: spent.videoSeconds ?? 0, ...work }],
    skipDuplicates: true,
  });
}

/** The generation's columns its usage needs: select them where its end is recorded. */
export const GENERATION_USAGE_SOURCE = { id: true, ownerId: true, teamId: true, model: true, tokens: true, createdAt: true } as const;

type GenerationUsageSource = { id: string; ownerId: string; teamId: string | null; model: string; tokens: number | null; createdAt: Date };

/** An alpha v3 or beta generation that succeeded: its tokens and the images stored for it. */
export function recordGenerationUsage(tx: Tx, generation: GenerationUsageSource, images: number): Promise<void> {
  const { id, ownerId, teamId, model, tokens, createdAt } = generation;
  return recordUsage(tx, { at: createdAt, userId: ownerId, teamId, model, tokens, images }, { generationId: id });
}

/**
 * A chat turn that succeeded: its tokens and the images stored for it, that is its answer and, when
 * the model drew one on the way, the intermediate image (usually two).
 */
export async function recordTurnUsage(tx: Tx, turnId: string): Promise<void> {
  const turn = await tx.turn.findUniqueOrThrow({
    where: { id: turnId },
    select: { createdAt: true, tokens: true, conversation: { select: { ownerId: true, teamId: true } }, _count: { select: { assets: { where: { kind: { in: ["image", "layer"] } } } } } },
  });
  const spent = { at: turn.createdAt, userId: turn.conversation.ownerId, teamId: turn.conversation.teamId, model: USAGE_TURN_MODEL, tokens: turn.tokens, images: turn._count.assets };
  await recordUsage(tx, spent, { turnId });
}

/** A video job that became ready: the archived video's length, else the seconds asked for. */
export async function recordVideoUsage(tx: Tx, video: { id: string; ownerId: string; teamId: string | null; task: string; createdAt: Date; assetId: string | null }, askedSeconds: number): Promise<void> {
  const archived = video.assetId ? await tx.asset.findUnique({ where: { id: video.assetId }, select: { durationMs: true } }) : null;
  const videoSeconds = archived?.durationMs != null ? archived.durationMs / 1000 : askedSeconds;
  await recordUsage(tx, { at: video.createdAt, userId: video.ownerId, teamId: video.teamId, model: video.task, videoSeconds }, { videoJobId: video.id });
}
