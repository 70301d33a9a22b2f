import type { CurrentUser } from "@/lib/auth/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// People for the access tests: each with the teams given (created by the caller), as the
// CurrentUser a request of theirs would carry. `teams[0]` is their active team.
export async function createPerson(
  db: PrismaClient,
  name: string,
  teams: { id: string; name: string }[],
  role: CurrentUser["role"] = "member",
  teamRole: CurrentUser["teams"][number]["role"] = "member",
): Promise<CurrentUser> {
  const user = await db.user.create({
    data: {
      email: `${crypto.randomUUID()}@test.local`,
      name,
      passwordHash: "not-a-hash",
      role,
      activeTeamId: teams[0]?.id ?? null,
      memberships: { create: teams.map((team) => ({ teamId: team.id, role: teamRole })) },
      sessions: { create: {} },
    },
    include: { sessions: { select: { id: true } } },
  });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role,
    teamIds: teams.map((team) => team.id),
    teams: teams.map((team) => ({ id: team.id, name: team.name, role: teamRole })),
    activeTeamId: teams[0]?.id ?? null,
    sessionId: user.sessions[0].id,
  };
}

/** A gallery entry of `owner` showing `outputs` and made from `references`, shared with `teamId` (null: private). */
export async function createEntry(
  db: PrismaClient,
  owner: CurrentUser,
  entry: { kind?: "image" | "layer_set" | "group_set" | "video" | "conversation"; teamId: string | null; outputs: string[]; references?: string[]; conversationId?: string; videoJobId?: string; generationId?: string },
) {
  return db.galleryItem.create({
    data: {
      kind: entry.kind ?? "image",
      ownerId: owner.id,
      teamId: entry.teamId,
      sharedAt: entry.teamId ? new Date() : null,
      model: "alpha-v3",
      prompt: "a lighthouse at dusk",
      searchText: "a lighthouse at dusk",
      coverAssetId: entry.outputs[0] ?? null,
      assetId: (entry.kind ?? "image") === "image" ? entry.outputs[0] : undefined,
      conversationId: entry.conversationId,
      videoJobId: entry.videoJobId,
      generationId: entry.generationId,
      imageCount: entry.outputs.length,
      assets: {
        create: [...entry.outputs.map((assetId) => ({ assetId, output: true })), ...(entry.references ?? []).map((assetId) => ({ assetId, output: false }))],
      },
    },
  });
}
