import "server-only";
import type { TeamRole } from "@/lib/auth/types";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Makes `userId` a member of `teamId` with `role`, inside the caller's transaction (which has
 * checked that they may join). A first team becomes the active one, so their new work is counted
 * to it at once.
 */
export async function addMembership(tx: Prisma.TransactionClient, userId: string, teamId: string, role: TeamRole): Promise<void> {
  const hadTeams = (await tx.membership.count({ where: { userId } })) > 0;
  await tx.membership.create({ data: { userId, teamId, role } });
  if (!hadTeams) await tx.user.update({ where: { id: userId }, data: { activeTeamId: teamId } });
}
