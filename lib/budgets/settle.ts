import "server-only";
import type { ChargeEntry, Job, Prisma } from "@/lib/generated/prisma/client";
import { costMicros, type WorkUnits } from "./budget-labels";

/**
 * Settles a job that has just ended, in the transaction that ends it: its reservation is released,
 * and what the service reported using (the job's usage row, written in that same transaction when
 * the work succeeded) is charged at the prices the job started with. A job that ended without usage
 * (failed, cancelled, interrupted) is only released. Written once: a second end changes nothing.
 */
export async function settleJobCharge(tx: Prisma.TransactionClient, job: Pick<Job, "id" | "generationId" | "turnId" | "videoJobId">): Promise<void> {
  const reservation = await tx.chargeEntry.findUnique({ where: { jobId_kind: { jobId: job.id, kind: "reservation" } } });
  if (!reservation) return;
  const used = await usageOf(tx, job);
  const release = { ...ledgerFields(reservation), kind: "release" as const, tokens: -reservation.tokens, images: -reservation.images, videoSeconds: -reservation.videoSeconds, amountMicros: -reservation.amountMicros };
  const rows: Prisma.ChargeEntryCreateManyInput[] = [release];
  if (used) {
    const amountMicros = costMicros(used, reservation);
    rows.push({ ...ledgerFields(reservation), kind: "charge", tokens: BigInt(used.tokens), images: used.images, videoSeconds: used.videoSeconds, amountMicros: BigInt(amountMicros) });
  }
  await tx.chargeEntry.createMany({ data: rows, skipDuplicates: true });
}

function ledgerFields(reservation: ChargeEntry) {
  const { at, jobId, userId, teamId, model, per1kTokensMicros, perImageMicros, perVideoSecondMicros } = reservation;
  return { at, jobId, userId, teamId, model, per1kTokensMicros, perImageMicros, perVideoSecondMicros };
}

async function usageOf(tx: Prisma.TransactionClient, job: Pick<Job, "generationId" | "turnId" | "videoJobId">): Promise<WorkUnits | null> {
  const where = job.generationId ? { generationId: job.generationId } : job.turnId ? { turnId: job.turnId } : job.videoJobId ? { videoJobId: job.videoJobId } : null;
  const usage = where ? await tx.usageEntry.findFirst({ where, select: { tokens: true, images: true, videoSeconds: true } }) : null;
  return usage && { tokens: Number(usage.tokens), images: usage.images, videoSeconds: usage.videoSeconds };
}
