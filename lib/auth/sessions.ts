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

type SessionRow = {
  revokedAt: Date | null;
  id: string;
  email: string;
  name: string;
  role: CurrentUser["role"];
  disabledAt: Date | null;
  activeTeamId: string | null;
  teams: CurrentUser["teams"];
};

/**
 * The user a session belongs to, or null when the session is unknown or revoked or the user disabled.
 * Every request asks this, so it is one statement (the session, its user and their teams joined)
 * rather than the four Prisma's nested select sends (issue 9's bench:proxy).
 */
export async function sessionUser(sessionId: string | undefined): Promise<CurrentUser | null> {
  if (!sessionId) return null;
  const [session] = await db.$queryRaw<SessionRow[]>`
    SELECT s."revokedAt", u.id, u.email, u.name, u.role::text AS role, u."disabledAt", u."activeTeamId",
      COALESCE(
        json_agg(json_build_object('id', m."teamId", 'name', t.name, 'role', m.role::text) ORDER BY m."createdAt", m."teamId")
          FILTER (WHERE m."teamId" IS NOT NULL),
        '[]'
      ) AS teams
    FROM "UserSession" s
    JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "Membership" m ON m."userId" = u.id
    LEFT JOIN "Team" t ON t.id = m."teamId"
    WHERE s.id = ${sessionId}
    GROUP BY s.id, u.id`;
  if (!session || session.revokedAt || session.disabledAt) return null;
  const { teams } = session;
  const teamIds = teams.map((team) => team.id);
  const activeTeamId = session.activeTeamId && teamIds.includes(session.activeTeamId) ? session.activeTeamId : (teamIds[0] ?? null);
  return { id: session.id, email: session.email, name: session.name, role: session.role, teamIds, teams, activeTeamId, sessionId };
}
