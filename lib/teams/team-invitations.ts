import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { invitationClosed, invitationStateSelect, noSuchInvitation, pendingInvitation } from "./invitation-state";
import { requireOwner, teamAccess } from "./team-access";
import type { InvitationSentDto, TeamInvitationDto } from "./team-dto";
import { ALREADY_A_MEMBER, invitationSent } from "./team-messages";
import { TEAM_INVITATION_DAYS } from "./team-rules";
import type { TeamInvitationValues } from "./team-schemas";

// Invitations by email, the owners' side: an owner invites an address with a role, sees the pending
// invitations and withdraws them. Nobody joins a team without saying yes, so an invitation is
// addressed to an email, not to an account: sending one never looks up whose address it is, and the
// answer is the same whether the address has an account or not.

const DAY_MS = 24 * 60 * 60 * 1000;

const invitationSelect = { id: true, email: true, role: true, createdAt: true, expiresAt: true, invitedBy: { select: { name: true } } } as const;

function toDto(row: { id: string; email: string; role: TeamInvitationDto["role"]; createdAt: Date; expiresAt: Date; invitedBy: { name: string } }): TeamInvitationDto {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), invitedBy: row.invitedBy.name };
}

/** A new invitation replaces a pending one to the same address, so its role and expiry are the latest. */
export async function sendTeamInvitation(user: CurrentUser, teamId: string, { email, role }: TeamInvitationValues): Promise<InvitationSentDto> {
  return db.$transaction(async (tx) => {
    requireOwner(await teamAccess(tx, user, teamId, { lock: true }));
    // Members are on the team page already: saying so tells the owner nothing new.
    if (await tx.membership.findFirst({ where: { teamId, user: { email } }, select: { userId: true } })) {
      throw new AppError("conflict", ALREADY_A_MEMBER, [{ field: "email", message: ALREADY_A_MEMBER }]);
    }
    const now = new Date();
    await tx.teamInvitation.updateMany({ where: { teamId, email, ...pendingInvitation(now) }, data: { withdrawnAt: now } });
    const row = await tx.teamInvitation.create({
      data: { teamId, email, role, invitedById: user.id, expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS) },
      select: invitationSelect,
    });
    await recordAudit(tx, { actor: user, action: "team.invitation_sent", target: teamId, teamId: teamId, details: { invitationId: row.id, email, role, expiresAt: row.expiresAt.toISOString() } });
    return { message: invitationSent(email), invitation: toDto(row) };
  });
}

/** The team's pending invitations, newest first (its owners only). */
export async function listTeamInvitations(user: CurrentUser, teamId: string): Promise<TeamInvitationDto[]> {
  return db.$transaction(async (tx) => {
    requireOwner(await teamAccess(tx, user, teamId));
    const rows = await tx.teamInvitation.findMany({ where: { teamId, ...pendingInvitation(new Date()) }, orderBy: { createdAt: "desc" }, select: invitationSelect });
    return rows.map(toDto);
  });
}

export async function withdrawTeamInvitation(user: CurrentUser, teamId: string, invitationId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    requireOwner(await teamAccess(tx, user, teamId));
    const now = new Date();
    const { count } = await tx.teamInvitation.updateMany({ where: { id: invitationId, teamId, ...pendingInvitation(now) }, data: { withdrawnAt: now } });
    if (count === 0) {
      const row = await tx.teamInvitation.findFirst({ where: { id: invitationId, teamId }, select: invitationStateSelect });
      throw row ? invitationClosed(row, "invitationId") : noSuchInvitation("invitationId");
    }
    await recordAudit(tx, { actor: user, action: "team.invitation_withdrawn", target: teamId, teamId: teamId, details: { invitationId } });
  });
}
