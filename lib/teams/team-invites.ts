import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { checkInvite, consumeInvite, insertInvite, listPendingInvites, revokeInvite } from "@/lib/auth/invites";
import type { CreateInviteValues } from "@/lib/auth/schemas";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { addMembership } from "./add-membership";
import { lockTeam, requireInviteManager, teamAccess } from "./team-access";
import type { TeamInviteDto } from "./team-dto";
import { YOU_ARE_ALREADY_A_MEMBER } from "./team-messages";

// Team invite links: single-use and expiring, made by a team's owners (or a site admin).
// They are the admin area's invites (lib/auth/invites) aimed at another team: only the token's
// sha256 is stored, and consumeInvite's conditional update is what makes a link work once. A
// signed-in account joins with it here; a person without an account signs up with it only while the
// admin lets team invites create accounts (lib/auth/sign-up-policy).

/** The join page: it lets a signed-in account join, and sends anyone else to sign up or sign in. */
export function teamInviteLink(origin: string, token: string): string {
  return `${origin}/join?invite=${token}`;
}

export async function createTeamInvite(user: CurrentUser, teamId: string, values: CreateInviteValues): Promise<{ invite: TeamInviteDto; token: string }> {
  return db.$transaction(async (tx) => {
    requireInviteManager(await teamAccess(tx, user, teamId));
    const created = await insertInvite(tx, { kind: "team", teamId, createdById: user.id, ...values });
    await recordAudit(tx, { actor: user, action: "team.invite_created", target: teamId, teamId: teamId, details: { inviteId: created.invite.id, expiresAt: created.invite.expiresAt } });
    return created;
  });
}

export async function listTeamInvites(user: CurrentUser, teamId: string): Promise<TeamInviteDto[]> {
  return db.$transaction(async (tx) => {
    requireInviteManager(await teamAccess(tx, user, teamId));
    return listPendingInvites(teamId, tx);
  });
}

export async function revokeTeamInvite(user: CurrentUser, teamId: string, inviteId: string): Promise<void> {
  requireInviteManager(await db.$transaction((tx) => teamAccess(tx, user, teamId)));
  await revokeInvite(user, inviteId, teamId);
}

/**
 * A signed-in account joins the invite's team. Someone already in the team is told so and the link
 * stays unused, for the person it was meant for.
 */
export async function joinTeamWithInvite(user: CurrentUser, token: string): Promise<{ team: { id: string; name: string } }> {
  return db.$transaction(async (tx) => {
    const check = await checkInvite(token, tx);
    if (check.status === "valid") {
      await lockTeam(tx, check.teamId);
      if (await tx.membership.findUnique({ where: { userId_teamId: { userId: user.id, teamId: check.teamId } }, select: { role: true } })) {
        throw new AppError("conflict", YOU_ARE_ALREADY_A_MEMBER, [{ field: "token", message: YOU_ARE_ALREADY_A_MEMBER }]);
      }
    }
    const teamId = await consumeInvite(tx, token, user.id);
    await addMembership(tx, user.id, teamId, "member");
    await recordAudit(tx, { actor: user, action: "team.joined", target: teamId, teamId: teamId, details: { via: "link" } });
    const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, name: true } });
    return { team };
  });
}
