import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { addMembership } from "./add-membership";
import { invitationClosed, invitationStateSelect, noSuchInvitation, pendingInvitation } from "./invitation-state";
import { lockTeam } from "./team-access";
import type { MyInvitationDto } from "./team-dto";
import { YOU_ARE_ALREADY_A_MEMBER } from "./team-messages";

// Invitations by email, the invitee's side: the account whose email an invitation names sees it (with
// the team's name and size and who invited, so it can tell which team it is), and accepts or
// declines it. Only accepting makes a membership, with the role the invitation offered. To anyone
// else an invitation does not exist.

/** The caller's pending invitations, newest first. */
export async function listMyInvitations(user: CurrentUser): Promise<MyInvitationDto[]> {
  const rows = await db.teamInvitation.findMany({
    where: { email: user.email, ...pendingInvitation(new Date()) },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      role: true,
      createdAt: true,
      expiresAt: true,
      team: { select: { id: true, name: true, _count: { select: { memberships: true } } } },
      invitedBy: { select: { name: true, email: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    team: { id: row.team.id, name: row.team.name, memberCount: row.team._count.memberships },
    invitedBy: row.invitedBy,
  }));
}

/** How many invitations wait for the caller's answer (the shell's notice). */
export function countMyInvitations(user: CurrentUser): Promise<number> {
  return db.teamInvitation.count({ where: { email: user.email, ...pendingInvitation(new Date()) } });
}

/** The caller's invitation `id`, or 404: another account's invitation is answered as one that does not exist. */
async function ownInvitation(tx: Prisma.TransactionClient, user: CurrentUser, id: string) {
  const row = await tx.teamInvitation.findFirst({ where: { id, email: user.email }, select: { teamId: true, role: true } });
  if (!row) throw noSuchInvitation("id");
  return row;
}

/** Marks the caller's invitation answered, once; a second answer is told how the invitation ended. */
async function answer(tx: Prisma.TransactionClient, user: CurrentUser, id: string, data: Prisma.TeamInvitationUpdateManyMutationInput): Promise<void> {
  const now = new Date();
  const { count } = await tx.teamInvitation.updateMany({ where: { id, email: user.email, ...pendingInvitation(now) }, data });
  if (count === 0) throw invitationClosed(await tx.teamInvitation.findUniqueOrThrow({ where: { id }, select: invitationStateSelect }), "id");
}

export async function acceptInvitation(user: CurrentUser, id: string): Promise<{ team: { id: string; name: string } }> {
  return db.$transaction(async (tx) => {
    const { teamId, role } = await ownInvitation(tx, user, id);
    await lockTeam(tx, teamId);
    if (await tx.membership.findUnique({ where: { userId_teamId: { userId: user.id, teamId } }, select: { role: true } })) {
      throw new AppError("conflict", YOU_ARE_ALREADY_A_MEMBER, [{ field: "id", message: YOU_ARE_ALREADY_A_MEMBER }]);
    }
    await answer(tx, user, id, { acceptedAt: new Date() });
    await addMembership(tx, user.id, teamId, role);
    await recordAudit(tx, { actor: user, action: "team.joined", target: teamId, teamId: teamId, details: { via: "invitation", invitationId: id, role } });
    const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, name: true } });
    return { team };
  });
}

export async function declineInvitation(user: CurrentUser, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { teamId } = await ownInvitation(tx, user, id);
    await answer(tx, user, id, { declinedAt: new Date() });
    await recordAudit(tx, { actor: user, action: "team.invitation_declined", target: teamId, teamId: teamId, details: { invitationId: id } });
  });
}
