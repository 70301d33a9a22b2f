import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { revokeSessions } from "./sessions";
import type { CurrentUser, UserSummary } from "./types";

/**
 * Disables or re-enables an account. Disabling also revokes every session of the user, so they are
 * signed out everywhere at their next request; sign-in then refuses them like a wrong password.
 * An admin cannot disable themselves (the studio could be left without a working admin).
 */
export async function setUserDisabled(admin: CurrentUser, userId: string, disabled: boolean): Promise<UserSummary> {
  if (userId === admin.id) {
    throw new AppError("forbidden", "You cannot disable or enable your own account", [{ field: "id", message: "must be another user's id" }]);
  }
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { id: userId }, select: { disabledAt: true } });
    if (!existing) throw new AppError("not_found", "No user with this id", [{ field: "id", message: "must be the id of a user" }]);
    const disabledAt = disabled ? (existing.disabledAt ?? new Date()) : null;
    const user = await tx.user.update({
      where: { id: userId },
      data: { disabledAt },
      select: { id: true, email: true, name: true, role: true, createdAt: true, disabledAt: true },
    });
    if (disabled) await revokeSessions(tx, { userId });
    await recordAudit(tx, { actor: admin, action: disabled ? "user.disabled" : "user.enabled", target: userId });
    return { ...user, createdAt: user.createdAt.toISOString(), disabledAt: user.disabledAt?.toISOString() ?? null };
  });
}
