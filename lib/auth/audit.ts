import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AuditAction =
  | "access_token.created"
  | "access_token.revoked"
  | "gallery.deleted"
  | "gallery.shared"
  | "gallery.unshared"
  | "invite.created"
  | "invite.revoked"
  | "settings.access_tokens"
  | "settings.access_tokens_without_expiry"
  | "settings.open_sign_up"
  | "settings.team_invites_create_accounts"
  | "team.created"
  | "team.renamed"
  | "team.member_removed"
  | "team.role_changed"
  | "team.invite_created"
  | "team.invitation_sent"
  | "team.invitation_withdrawn"
  | "team.invitation_declined"
  | "team.joined"
  | "team.left"
  | "team.deleted"
  | "settings.public_share_links"
  | "settings.storage_quotas"
  | "storage_quota.user_set"
  | "storage_quota.team_set"
  | "share_link.created"
  | "share_link.revoked"
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
