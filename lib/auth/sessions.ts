import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { wakeJobStreamsAtCommit } from "@/lib/wakeups/channel";
import type { CurrentUser, SessionUser } from "./types";

// A signed-in browser holds a JWT naming one UserSession row. The JWT alone proves nothing once
// that row is revoked (sign-out, password change, account disabled): every request reads the row.

export async function startSession(userId: string): Promise<string> {
  const session = await db.userSession.create({ data: { userId }, select: { id: true } });
  return session.id;
}

export async function endSession(sessionId: string): Promise<void> {
  await db.$transaction((tx) => revokeSessions(tx, { id: sessionId }));
}

/**
 * Revokes the signed-in sessions `which` selects, in the caller's transaction, and wakes their
 * users' open job streams on every studio process once it commits: each stream checks its session
 * as it reads, so it ends at once rather than at its next poll. Every revocation goes through here.
 */
export async function revokeSessions(tx: Prisma.TransactionClient, which: Prisma.UserSessionWhereInput): Promise<number> {
  const revoked = await tx.userSession.updateManyAndReturn({ where: { ...which, revokedAt: null }, data: { revokedAt: new Date() }, select: { userId: true } });
  for (const userId of new Set(revoked.map((session) => session.userId))) await wakeJobStreamsAtCommit(tx, userId);
  return revoked.length;
}

/** A session is signed in while its row is not revoked and its user not disabled (rows aliased s and u). */
const SIGNED_IN = Prisma.sql`s."revokedAt" IS NULL AND u."disabledAt" IS NULL`;

/**
 * SQL that is true while the session is signed in, for a statement that reads on the session's
 * behalf long after its request was authorized (an open job stream): the read and the check are one
 * snapshot, so nothing is read for a session that had already ended.
 */
export function sessionSignedIn(sessionId: string): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "UserSession" s JOIN "User" u ON u.id = s."userId" WHERE s.id = ${sessionId} AND ${SIGNED_IN})`;
}

/** A user row with their teams, as USER_TEAMS_SQL reads them. */
export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: CurrentUser["role"];
  activeTeamId: string | null;
  teams: CurrentUser["teams"];
};

/** The columns of a UserRow, for a statement that joins "User" u with "Membership" m and "Team" t. */
export const USER_ROW_COLUMNS = Prisma.sql`u.id, u.email, u.name, u.role::text AS role, u."activeTeamId",
      COALESCE(
        json_agg(json_build_object('id', m."teamId", 'name', t.name, 'role', m.role::text) ORDER BY m."createdAt", m."teamId")
          FILTER (WHERE m."teamId" IS NOT NULL),
        '[]'
      ) AS teams`;

/** The user part of a CurrentUser: a team the user left is not their active team. */
export function userFields(row: UserRow) {
  const { teams } = row;
  const teamIds = teams.map((team) => team.id);
  const activeTeamId = row.activeTeamId && teamIds.includes(row.activeTeamId) ? row.activeTeamId : (teamIds[0] ?? null);
  return { id: row.id, email: row.email, name: row.name, role: row.role, teamIds, teams, activeTeamId };
}

/**
 * The user a session belongs to, or null when the session is unknown or revoked or the user disabled.
 * Every request asks this, so it is one statement (the session, its user and their teams joined)
 * rather than the four Prisma's nested select sends.
 */
export async function sessionUser(sessionId: string | undefined): Promise<SessionUser | null> {
  if (!sessionId) return null;
  const [session] = await db.$queryRaw<UserRow[]>`
    SELECT ${USER_ROW_COLUMNS}
    FROM "UserSession" s
    JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "Membership" m ON m."userId" = u.id
    LEFT JOIN "Team" t ON t.id = m."teamId"
    WHERE s.id = ${sessionId} AND ${SIGNED_IN}
    GROUP BY s.id, u.id`;
  return session ? { ...userFields(session), sessionId } : null;
}
