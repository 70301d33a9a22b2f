import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { clear, hit } from "@/lib/security/rate-limit";
import { recordAudit } from "@/lib/audit/record-audit";
import { waitText } from "./messages";
import { hashPassword, verifyPassword } from "./password";
import type { ChangePasswordInput } from "./schemas";
import { revokeSessions } from "./sessions";
import type { SessionUser } from "./types";

/** Wrong current passwords one account may give on the account page. */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * Sets a new password after checking the current one, and ends every other session of the user
 * (a thief who had the old password, or a session left signed in elsewhere, is out); the session
 * making the change stays signed in. Wrong current passwords are limited per account, so a borrowed
 * session cannot be used to guess the password either; the limit is its own, so that a right
 * password here does not reset the sign-in limits of an account under attack.
 */
export async function changePassword(user: SessionUser, input: ChangePasswordInput): Promise<{ endedSessions: number }> {
  const limitKey = `password-change:account:${user.id}`;
  const attempt = await hit(limitKey, PASSWORD_CHANGE_LIMIT);
  if (!attempt.allowed) {
    const message = `Too many wrong passwords. Try again in ${waitText(attempt.retryAfterSeconds)}.`;
    throw new AppError("rate_limited", message, [{ field: "currentPassword", message }], { "Retry-After": String(attempt.retryAfterSeconds) });
  }
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, input.currentPassword))) {
    throw new AppError("validation_failed", "Current password is not right", [{ field: "currentPassword", message: "Current password is not right" }]);
  }
  await clear(limitKey);
  if (input.newPassword === input.currentPassword) {
    throw new AppError("validation_failed", "New password must differ from the current one", [
      { field: "newPassword", message: "New password must differ from the current one" },
    ]);
  }
  const newHash = await hashPassword(input.newPassword);
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash: newHash } });
    const count = await revokeSessions(tx, { userId: user.id, id: { not: user.sessionId } });
    await recordAudit(tx, { actor: user, action: "user.password_changed", target: user.id, details: { endedSessions: count } });
    return { endedSessions: count };
  });
}
