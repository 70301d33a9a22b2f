import "server-only";
import type { LineageRole, Prisma } from "@/lib/generated/prisma/client";

/** The work that used the images: one generation, chat turn or video job, or an image taken from a video's frame. */
export type LineageTarget = { generationId: string } | { turnId: string } | { videoJobId: string } | { frameAssetId: string };

export type LineageSource = { assetId: string; role: LineageRole };

/**
 * Records what `target` was made from, in the transaction that starts it, from the inputs it was
 * checked and started with: the lineage then says what the work really used, not what a page asked.
 */
export async function recordLineage(tx: Prisma.TransactionClient, target: LineageTarget, sources: readonly LineageSource[]): Promise<void> {
  if (sources.length === 0) return;
  await tx.lineageLink.createMany({ data: sources.map((source) => ({ ...target, sourceAssetId: source.assetId, role: source.role })) });
}
