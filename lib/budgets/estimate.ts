import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WorkUnits } from "./budget-labels";

/** What a job of a model never charged before is expected to use in tokens: an image job's usual size. */
export const FIRST_TOKENS_ESTIMATE = 4_000;
/** How many of a model's latest charges its token estimate is the mean of. */
const ESTIMATE_FROM_CHARGES = 20;

/** What a job is known to ask for when it starts: its images (1 per image job) and its video seconds. */
export type AskedUnits = { images?: number; videoSeconds?: number };

/**
 * A starting job's expected units. Images and video seconds are what it asks for; tokens are not
 * known until the service answers, so they are the mean of the model's latest charges (a model that
 * counts no tokens, like a video task, settles at none).
 */
export async function estimateUnits(tx: Prisma.TransactionClient, model: string, asked: AskedUnits): Promise<WorkUnits> {
  const latest = await tx.chargeEntry.findMany({ where: { model, kind: "charge" }, orderBy: { createdAt: "desc" }, take: ESTIMATE_FROM_CHARGES, select: { tokens: true } });
  const videoSeconds = asked.videoSeconds ?? 0;
  const tokens = latest.length > 0 ? Math.round(latest.reduce((sum, row) => sum + Number(row.tokens), 0) / latest.length) : videoSeconds > 0 ? 0 : FIRST_TOKENS_ESTIMATE;
  return { tokens, images: asked.images ?? 0, videoSeconds };
}
