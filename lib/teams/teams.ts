import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { fromQuotaColumn } from "@/lib/storage-quota/quota-column";
import { storageUsedByTeam } from "@/lib/storage-quota/storage-use";
import { canManageInvites, canManageMembers, requireOwner, teamAccess } from "./team-access";
import type { AdminTeamDto, TeamDetailDto, TeamSummaryDto } from "./team-dto";
import type { TeamNameValues } from "./team-schemas";

// Teams: anyone may make one and owns it; a first team becomes the active one, so the
// creator's new work is counted to it at once.

export async function createTeam(user: CurrentUser, { name }: TeamNameValues): Promise<TeamSummaryDto> {
  return db.$transaction(async (tx) => {
    const hadTeams = (await tx.membership.count({ where: { userId: user.id } })) > 0;
    const team = await tx.team.create({ data: { name, memberships: { create: { userId: user.id, role: "owner" } } }, select: { id: true, name: true, createdAt: true } });
    if (!hadTeams) await tx.user.update({ where: { id: user.id }, data: { activeTeamId: team.id } });
    await recordAudit(tx, { actor: user, action: "team.created", target: team.id, teamId: team.id, details: { name } });
    const createdAt = team.createdAt.toISOString();
    return { id: team.id, name: team.name, role: "owner", memberCount: 1, createdAt, joinedAt: createdAt, owner: null };
  });
}

export async function renameTeam(user: CurrentUser, teamId: string, { name }: TeamNameValues): Promise<TeamDetailDto> {
  await db.$transaction(async (tx) => {
    requireOwner(await teamAccess(tx, user, teamId));
    const before = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { name: true } });
    await tx.team.update({ where: { id: teamId }, data: { name } });
    await recordAudit(tx, { actor: user, action: "team.renamed", target: teamId, teamId: teamId, details: { from: before.name, to: name } });
  });
  return teamDetail(user, teamId);
}

/**
 * The caller's teams, oldest membership first (the order of the shell's switcher), each with what
 * tells it apart from another of the same name: its owner and when the caller joined.
 */
export async function listMyTeams(user: CurrentUser): Promise<TeamSummaryDto[]> {
  const memberships = await db.membership.findMany({
    where: { userId: user.id },
    orderBy: [{ createdAt: "asc" }, { teamId: "asc" }],
    select: {
      role: true,
      createdAt: true,
      team: {
        select: {
          id: true,
          name: true,
          createdAt: true,
          _count: { select: { memberships: true } },
          memberships: {
            where: { role: "owner", userId: { not: user.id } },
            orderBy: { createdAt: "asc" },
            take: 1,
            select: { user: { select: { name: true, email: true } } },
          },
        },
      },
    },
  });
  return memberships.map(({ role, createdAt, team }) => ({
    id: team.id,
    name: team.name,
    role,
    memberCount: team._count.memberships,
    createdAt: team.createdAt.toISOString(),
    joinedAt: createdAt.toISOString(),
    owner: team.memberships[0]?.user ?? null,
  }));
}

/** A team's page: its members, owners first, for its members and site admins. */
export async function teamDetail(user: CurrentUser, teamId: string): Promise<TeamDetailDto> {
  return db.$transaction(async (tx) => {
    const access = await teamAccess(tx, user, teamId);
    const team = await tx.team.findUniqueOrThrow({
      where: { id: teamId },
      select: {
        id: true,
        name: true,
        createdAt: true,
        memberships: {
          orderBy: [{ role: "asc" }, { createdAt: "asc" }],
          select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
        },
      },
    });
    return {
      id: team.id,
      name: team.name,
      createdAt: team.createdAt.toISOString(),
      myRole: access.myRole,
      canManageMembers: canManageMembers(access),
      canManageInvites: canManageInvites(access),
      members: team.memberships.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, role: m.role, joinedAt: m.createdAt.toISOString() })),
    };
  });
}

/** Every team, for the admin area (site admins see every team). */
export async function listAllTeams(admin: CurrentUser): Promise<AdminTeamDto[]> {
  if (admin.role !== "admin") throw new AppError("forbidden", "Only a site admin can do this");
  const [teams, used] = await Promise.all([
    db.team.findMany({
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        name: true,
        createdAt: true,
        storageQuotaBytes: true,
        _count: { select: { memberships: true } },
        memberships: { where: { role: "owner" }, orderBy: { createdAt: "asc" }, select: { user: { select: { id: true, name: true } } } },
      },
    }),
    storageUsedByTeam(),
  ]);
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    createdAt: team.createdAt.toISOString(),
    memberCount: team._count.memberships,
    owners: team.memberships.map((m) => m.user),
    storageUsedBytes: used.get(team.id) ?? 0,
    storageQuotaBytes: fromQuotaColumn(team.storageQuotaBytes),
  }));
}
