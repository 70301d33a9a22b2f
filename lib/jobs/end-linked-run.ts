import "server-only";
import type { Job, Prisma } from "@/lib/generated/prisma/client";

/**
 * Ends a job's generation or turn as failed, with the reason its job ends with, inside the
 * transaction that ends the job (the runner's end, or the sweep's for a job nobody runs): the two
 * never disagree, and a row that has already ended (a success, or an end written first by another
 * process) keeps the end it has.
 */
export async function endLinkedRun(
  tx: Prisma.TransactionClient,
  job: Pick<Job, "generationId" | "turnId">,
  failure: { errorCode: string; errorMessage: string; requestId?: string | null },
  timing: { durationMs?: number } = {},
): Promise<void> {
  // The upstream's request id, when it gave one, is what support asks for: it is shown with the reason.
  const data = {
    status: "failed" as const,
    errorCode: failure.errorCode,
    errorMessage: failure.errorMessage,
    ...(failure.requestId && { requestId: failure.requestId }),
    completedAt: new Date(),
    ...timing,
  };
  if (job.generationId) await tx.generation.updateMany({ where: { id: job.generationId, status: "pending" }, data });
  if (job.turnId) await tx.turn.updateMany({ where: { id: job.turnId, status: "pending" }, data });
}
