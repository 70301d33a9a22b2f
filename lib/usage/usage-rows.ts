import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UsageRowDto } from "./usage-dto";
import { USAGE_TURN_MODEL } from "./usage-labels";
import { addDays, USAGE_NO_TEAM } from "./usage-schemas";

export type UsageFilter = {
  from: string;
  to: string;
  userId?: string;
  /** A team id, or USAGE_NO_TEAM for work made without a team. */
  teamId?: string;
  model?: string;
};

type RawRow = {
  day: string;
  user_id: string;
  user_name: string;
  user_email: string;
  team_id: string | null;
  team_name: string | null;
  model: string;
  tokens: bigint | number | string;
  images: bigint | number | string;
  video_seconds: number | string;
};

// Issue 12 "Usage": succeeded generations and chat turns (their gateway total_tokens and the images
// stored for them) and ready video jobs (the archived video's length, else the seconds asked for),
// added up per UTC day of creation, owner, team and model in one query on either engine. Team is the
// owner's active team when the work was made (a turn's is its conversation's), not who it is shared with.
export async function usageRows(filter: UsageFilter): Promise<UsageRowDto[]> {
  const conditions = [Prisma.sql`w.at >= ${filter.from}::timestamp`, Prisma.sql`w.at < ${addDays(filter.to, 1)}::timestamp`];
  if (filter.userId) conditions.push(Prisma.sql`w.user_id = ${filter.userId}`);
  if (filter.teamId === USAGE_NO_TEAM) conditions.push(Prisma.sql`t.id IS NULL`);
  else if (filter.teamId) conditions.push(Prisma.sql`w.team_id = ${filter.teamId}`);
  if (filter.model) conditions.push(Prisma.sql`w.model = ${filter.model}`);
  const rows = await db.$queryRaw<RawRow[]>`
    WITH w AS (
      SELECT g."createdAt" AS at, g."ownerId" AS user_id, g."teamId" AS team_id, g."model" AS model,
             COALESCE(g."tokens", 0)::bigint AS tokens,
             (SELECT count(*) FROM "Asset" a WHERE a."generationId" = g."id" AND a."kind" IN ('image', 'layer'))::bigint AS images,
             0::float8 AS video_seconds
        FROM "Generation" g
       WHERE g."status" = 'succeeded'
      UNION ALL
      SELECT tu."createdAt", c."ownerId", c."teamId", ${USAGE_TURN_MODEL}::text,
             COALESCE(tu."tokens", 0)::bigint,
             (SELECT count(*) FROM "Asset" a WHERE a."turnId" = tu."id" AND a."kind" IN ('image', 'layer'))::bigint,
             0::float8
        FROM "Turn" tu JOIN "Conversation" c ON c."id" = tu."conversationId"
       WHERE tu."status" = 'succeeded' AND tu."forkedFromId" IS NULL
      UNION ALL
      SELECT v."createdAt", v."ownerId", v."teamId", v."task",
             0::bigint,
             0::bigint,
             COALESCE(va."durationMs" / 1000.0, (v."params" ->> 'durationSeconds')::float8, 0)::float8
        FROM "VideoJob" v LEFT JOIN "Asset" va ON va."id" = v."assetId"
       WHERE v."status" = 'ready'
    )
    SELECT to_char(w.at, 'YYYY-MM-DD') AS day, w.user_id, u."name" AS user_name, u."email" AS user_email,
           t.id AS team_id, t."name" AS team_name, w.model,
           sum(w.tokens)::bigint AS tokens, sum(w.images)::bigint AS images, sum(w.video_seconds)::float8 AS video_seconds
      FROM w
      JOIN "User" u ON u."id" = w.user_id
      LEFT JOIN "Team" t ON t."id" = w.team_id
     WHERE ${Prisma.join(conditions, " AND ")}
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 4, 6, 7`;
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id,
    userName: row.user_name,
    userEmail: row.user_email,
    teamId: row.team_id,
    teamName: row.team_name,
    model: row.model,
    tokens: Number(row.tokens),
    images: Number(row.images),
    videoSeconds: Math.round(Number(row.video_seconds) * 10) / 10,
  }));
}
