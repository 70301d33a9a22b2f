import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "./actions";

/** Who acted: kept by value, so the entry still names them after their account changes. */
export type AuditActor = { id: string; email: string; name: string };

/** Records who did what to which record, inside the transaction that did it. */
export async function recordAudit(
  tx: Prisma.TransactionClient,
  entry: { actor: AuditActor; action: AuditAction; target?: string; teamId?: string | null; details?: Prisma.InputJsonObject },
): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      actorName: entry.actor.name,
      action: entry.action,
      target: entry.target,
      teamId: entry.teamId ?? null,
      details: entry.details,
    },
  });
}
