import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { INVITATION_PROBLEMS, NO_SUCH_INVITATION } from "./team-messages";

// An invitation by email is answered once: accepted, declined or withdrawn, each a timestamp set by a
// conditional update of a pending row, so two answers racing for one invitation cannot both win.

/** Rows still waiting for an answer at `now`. */
export function pendingInvitation(now: Date): Prisma.TeamInvitationWhereInput {
  return { acceptedAt: null, declinedAt: null, withdrawnAt: null, expiresAt: { gt: now } };
}

type InvitationState = { acceptedAt: Date | null; declinedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date };

export const invitationStateSelect = { acceptedAt: true, declinedAt: true, withdrawnAt: true, expiresAt: true } as const;

/** Why an invitation that is no longer pending cannot be answered, naming the field `field`. */
export function invitationClosed(row: InvitationState, field: string): AppError {
  const problem = row.acceptedAt ? "accepted" : row.declinedAt ? "declined" : row.withdrawnAt ? "withdrawn" : "expired";
  return new AppError("conflict", INVITATION_PROBLEMS[problem], [{ field, message: INVITATION_PROBLEMS[problem] }]);
}

/** For an invitation the caller may not see: the same answer as for one that does not exist. */
export function noSuchInvitation(field: string): AppError {
  return new AppError("not_found", NO_SUCH_INVITATION, [{ field, message: "must be the id of a pending invitation" }]);
}
