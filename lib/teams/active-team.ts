import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { NO_SUCH_TEAM, NOT_YOUR_TEAM } from "./team-messages";

// The team picked in the shell: new work is counted to it. Only one of the user's own
// teams; any other id is answered as a team that does not exist.
export async function setActiveTeam(user: CurrentUser, teamId: string): Promise<{ activeTeamId: string }> {
  return db.$transaction(async (tx) => {
    const membership = await tx.membership.findUnique({ where: { userId_teamId: { userId: user.id, teamId } }, select: { teamId: true } });
    if (!membership) throw new AppError("not_found", NO_SUCH_TEAM, [{ field: "teamId", message: NOT_YOUR_TEAM }]);
    await tx.user.update({ where: { id: user.id }, data: { activeTeamId: teamId } });
    return { activeTeamId: teamId };
  });
}
