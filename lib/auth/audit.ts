import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AuditAction =
  | "invite.created"
  | "invite.revoked"
  | "settings.open_sign_up"
  | "user.disabled"
  | "user.enabled"
  | "user.password_changed"
  | "video.partition_switch"
  | "video.inference_run";

/** Records who did what to which record, inside the transaction that did it. */
export async function recordAudit(
  tx: Prisma.TransactionClient,
  entry: { actorId: string; action: AuditAction; target?: string; details?: Prisma.InputJsonObject },
): Promise<void> {
  await tx.auditLog.create({ data: { actorId: entry.actorId, action: entry.action, target: entry.target, details: entry.details } });
}
