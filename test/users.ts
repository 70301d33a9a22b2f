import type { SessionUser } from "@/lib/auth/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";

let counter = 0;

// A user, team and signed-in session straight in the database (no password hashing): for lib/
// tests that act as a user.
export async function createTestUser(db: PrismaClient, role: "admin" | "member" = "member"): Promise<SessionUser> {
  // Taken before the first await: users made at once (Promise.all) each keep their own number.
  const number = (counter += 1);
  const team = (await db.team.findFirst()) ?? (await db.team.create({ data: { name: "Test team" } }));
  const user = await db.user.create({
    data: {
      email: `user${number}-${Date.now()}@test.local`,
      name: `User ${number}`,
      passwordHash: "not-a-hash",
      role,
      memberships: { create: { teamId: team.id } },
      sessions: { create: {} },
    },
    include: { sessions: { select: { id: true } } },
  });
  return { id: user.id, email: user.email, name: user.name, role: user.role, teamIds: [team.id], teams: [{ id: team.id, name: team.name, role: "member" }], activeTeamId: team.id, sessionId: user.sessions[0].id };
}
