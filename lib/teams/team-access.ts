import "server-only";
import type { CurrentUser, TeamRole } from "@/lib/auth/types";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { NO_SUCH_TEAM, OWNERS_ONLY } from "./team-messages";

// Who may do what to a team: its members and site admins may see it; its owners change it
// (name, members, roles); its owners and site admins manage its invite links and read its audit
// log. Anyone else is told the team does not exist (404), never that it does (403). Read inside the transaction that acts on it.

export type TeamAccess = { teamId: string; myRole: TeamRole | null; isSiteAdmin: boolean };

function noSuchTeam(): AppError {
  return new AppError("not_found", NO_SUCH_TEAM, [{ field: "id", message: "must be the id of one of your teams" }]);
}

/** Locks the team's row until the transaction ends: its membership changes happen one at a time. */
export async function lockTeam(tx: Prisma.TransactionClient, teamId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;
}

/**
 * The caller's standing in `teamId`, or 404. With `lock`, the team's row is locked until the
 * transaction ends, so membership changes of one team happen one at a time on every instance (two
 * owners demoting each other at once must not leave the team without an owner).
 */
export async function teamAccess(tx: Prisma.TransactionClient, user: CurrentUser, teamId: string, { lock = false } = {}): Promise<TeamAccess> {
  if (lock) await lockTeam(tx, teamId);
  const team = await tx.team.findUnique({ where: { id: teamId }, select: { memberships: { where: { userId: user.id }, select: { role: true } } } });
  const myRole = team?.memberships[0]?.role ?? null;
  const isSiteAdmin = user.role === "admin";
  if (!team || (!myRole && !isSiteAdmin)) throw noSuchTeam();
  return { teamId, myRole, isSiteAdmin };
}

export const canManageMembers = (access: TeamAccess) => access.myRole === "owner";

export const canManageInvites = (access: TeamAccess) => access.myRole === "owner" || access.isSiteAdmin;

/** The team's audit log: who changed what in it is its owners' business (and site admins'). */
export const canReadAudit = (access: TeamAccess) => access.myRole === "owner" || access.isSiteAdmin;

export function requireOwner(access: TeamAccess): void {
  if (!canManageMembers(access)) throw new AppError("forbidden", OWNERS_ONLY);
}

export function requireInviteManager(access: TeamAccess): void {
  if (!canManageInvites(access)) throw new AppError("forbidden", OWNERS_ONLY);
}

export function requireAuditReader(access: TeamAccess): void {
  if (!canReadAudit(access)) throw new AppError("forbidden", OWNERS_ONLY);
}
