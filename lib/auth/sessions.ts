import "server-only";
import { db } from "@/lib/db/client";
import type { CurrentUser } from "./types";

// A signed-in browser holds a JWT naming one UserSession row. The JWT alone proves nothing once
// that row is revoked (sign-out, password change, account disabled): every request reads the row.

export async function startSession(userId: string): Promise<string> {
  const session = await db.userSession.create({ data: { userId }, select: { id: true } });
  return session.id;
}

export async function endSession(sessionId: string): Promise<void> {
  await db.userSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** The user a session belongs to, or null when the session is unknown or revoked or the user disabled. */
export async function sessionUser(sessionId: string | undefined): Promise<CurrentUser | null> {
  if (!sessionId) return null;
  const session = await db.userSession.findUnique({
    where: { id: sessionId },
    select: {
      revokedAt: true,
      user: {
        select: {
          id: true,
          email: true,
          name: true,
          role: true,
          disabledAt: true,
          activeTeamId: true,
          memberships: { orderBy: { createdAt: "asc" }, select: { teamId: true, role: true, team: { select: { name: true } } } },
        },
      },
    },
  });
  if (!session || session.revokedAt || session.user.disabledAt) return null;
  const { user } = session;
  const teams = user.memberships.map((m) => ({ id: m.teamId, name: m.team.name, role: m.role }));
  const teamIds = teams.map((team) => team.id);
  const activeTeamId = user.activeTeamId && teamIds.includes(user.activeTeamId) ? user.activeTeamId : (teamIds[0] ?? null);
  return { id: user.id, email: user.email, name: user.name, role: user.role, teamIds, teams, activeTeamId, sessionId };
}
