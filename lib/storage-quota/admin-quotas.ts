import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { listUsers } from "@/lib/auth/list-users";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { fromQuotaColumn, toQuotaColumn } from "./quota-column";
import type { AdminStorageQuotaDto, AdminUserRow } from "./quota-rules";
import { readStorageUse, storageUsedByUser } from "./storage-use";

/**
 * A site admin sets one person's storage quota, or clears it (null) so that the site's default
 * applies. It binds from their next upload or job start; nothing already stored is removed.
 */
export async function setUserStorageQuota(admin: CurrentUser, userId: string, limitBytes: number | null): Promise<AdminStorageQuotaDto> {
  const updated = await db.$transaction(async (tx) => {
    if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound("user");
    const user = await tx.user.update({ where: { id: userId }, data: { storageQuotaBytes: toQuotaColumn(limitBytes) }, select: { id: true, storageQuotaBytes: true } });
    await recordAudit(tx, { actor: admin, action: "storage_quota.user_set", target: userId, details: { limitBytes } });
    return user;
  });
  const use = await readStorageUse({ ownerId: userId, teamId: null });
  return { id: updated.id, storageQuotaBytes: fromQuotaColumn(updated.storageQuotaBytes), storageUsedBytes: use.user.usedBytes };
}

/** The same for a team: its own quota, or null for the site's default. */
export async function setTeamStorageQuota(admin: CurrentUser, teamId: string, limitBytes: number | null): Promise<AdminStorageQuotaDto> {
  const updated = await db.$transaction(async (tx) => {
    if (!(await tx.team.findUnique({ where: { id: teamId }, select: { id: true } }))) throw notFound("team");
    const team = await tx.team.update({ where: { id: teamId }, data: { storageQuotaBytes: toQuotaColumn(limitBytes) }, select: { id: true, storageQuotaBytes: true } });
    await recordAudit(tx, { actor: admin, action: "storage_quota.team_set", target: teamId, teamId, details: { limitBytes } });
    return team;
  });
  // The team's use does not depend on whose storage is asked about alongside it.
  const use = await readStorageUse({ ownerId: admin.id, teamId });
  return { id: updated.id, storageQuotaBytes: fromQuotaColumn(updated.storageQuotaBytes), storageUsedBytes: use.team?.usedBytes ?? 0 };
}

function notFound(what: "user" | "team"): AppError {
  return new AppError("not_found", `No ${what} with this id`, [{ field: "id", message: `must be the id of a ${what}` }]);
}

/** The admin's users table: every account with the bytes of its assets and its own quota. */
export async function listUsersWithStorage(): Promise<AdminUserRow[]> {
  const [users, quotas, used] = await Promise.all([listUsers(), db.user.findMany({ where: { storageQuotaBytes: { not: null } }, select: { id: true, storageQuotaBytes: true } }), storageUsedByUser()]);
  const own = new Map(quotas.map((user) => [user.id, fromQuotaColumn(user.storageQuotaBytes)]));
  return users.map((user) => ({ ...user, storageUsedBytes: used.get(user.id) ?? 0, storageQuotaBytes: own.get(user.id) ?? null }));
}
