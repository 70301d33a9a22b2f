import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireOwner, teamAccess } from "./team-access";
import type { MemberRemovedDto, TeamMemberDto } from "./team-dto";
import { LAST_OWNER_DEMOTE, LAST_OWNER_LEAVE, NO_SUCH_MEMBER } from "./team-messages";
import type { MemberRoleValues } from "./team-schemas";

// A team's members: people join by accepting an invitation (my-invitations.ts) or with an
// invite link (team-invites.ts); owners change roles and remove people; anyone may leave. A team
// always keeps an owner while it has members; the last member leaving deletes it (its shared items
// become their owners' private items again). Each change runs with the team's row locked (teamAccess
// `lock`), so the owner count it checks cannot change under it.

const memberSelect = { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } } as const;

function toMemberDto(m: { role: TeamMemberDto["role"]; createdAt: Date; user: { id: string; name: string; email: string } }): TeamMemberDto {
  return { userId: m.user.id, name: m.user.name, email: m.user.email, role: m.role, joinedAt: m.createdAt.toISOString() };
}

const noSuchMember = () => new AppError("not_found", NO_SUCH_MEMBER, [{ field: "userId", message: "must be the id of a member of this team" }]);

export async function changeMemberRole(user: CurrentUser, teamId: string, userId: string, { role }: MemberRoleValues): Promise<TeamMemberDto> {
  return db.$transaction(async (tx) => {
    requireOwner(await teamAccess(tx, user, teamId, { lock: true }));
    const current = await tx.membership.findUnique({ where: { userId_teamId: { userId, teamId } }, select: { role: true } });
    if (!current) throw noSuchMember();
    if (current.role === "owner" && role === "member" && (await ownerCount(tx, teamId)) === 1) {
      throw new AppError("conflict", LAST_OWNER_DEMOTE, [{ field: "role", message: LAST_OWNER_DEMOTE }]);
    }
    const member = await tx.membership.update({ where: { userId_teamId: { userId, teamId } }, data: { role }, select: memberSelect });
    if (current.role !== role) await recordAudit(tx, { actor: user, action: "team.role_changed", target: teamId, teamId: teamId, details: { userId, from: current.role, to: role } });
    return toMemberDto(member);
  });
}

/** An owner removes someone; removing yourself is leaving, which any member may do (with leaving's rules). */
export async function removeMember(user: CurrentUser, teamId: string, userId: string): Promise<MemberRemovedDto> {
  return db.$transaction(async (tx) => {
    const access = await teamAccess(tx, user, teamId, { lock: true });
    if (userId === user.id) return leave(tx, user, teamId);
    requireOwner(access);
    const { count } = await tx.membership.deleteMany({ where: { userId, teamId } });
    if (count === 0) throw noSuchMember();
    await forgetActiveTeam(tx, userId, teamId);
    await recordAudit(tx, { actor: user, action: "team.member_removed", target: teamId, teamId: teamId, details: { userId } });
    return { userId, teamDeleted: false };
  });
}

async function leave(tx: Prisma.TransactionClient, user: CurrentUser, teamId: string): Promise<MemberRemovedDto> {
  const mine = await tx.membership.findUnique({ where: { userId_teamId: { userId: user.id, teamId } }, select: { role: true } });
  if (!mine) throw noSuchMember();
  const members = await tx.membership.count({ where: { teamId } });
  if (members === 1) {
    await tx.team.delete({ where: { id: teamId } });
    await recordAudit(tx, { actor: user, action: "team.deleted", target: teamId, teamId: teamId, details: { reason: "last member left" } });
    return { userId: user.id, teamDeleted: true };
  }
  if (mine.role === "owner" && (await ownerCount(tx, teamId)) === 1) {
    throw new AppError("conflict", LAST_OWNER_LEAVE, [{ field: "userId", message: LAST_OWNER_LEAVE }]);
  }
  await tx.membership.delete({ where: { userId_teamId: { userId: user.id, teamId } } });
  await forgetActiveTeam(tx, user.id, teamId);
  await recordAudit(tx, { actor: user, action: "team.left", target: teamId, teamId: teamId });
  return { userId: user.id, teamDeleted: false };
}

function ownerCount(tx: Prisma.TransactionClient, teamId: string): Promise<number> {
  return tx.membership.count({ where: { teamId, role: "owner" } });
}

/** Someone who is no longer a member no longer works in the team: their shell falls back to their first team. */
async function forgetActiveTeam(tx: Prisma.TransactionClient, userId: string, teamId: string): Promise<void> {
  await tx.user.updateMany({ where: { id: userId, activeTeamId: teamId }, data: { activeTeamId: null } });
}
