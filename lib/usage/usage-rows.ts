import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UsageRowDto } from "./usage-dto";
import { addDays, USAGE_NO_TEAM } from "./usage-rules";

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
  amount_micros: bigint | number | string;
};

// What was spent: the settled charges of the append-only ledger (lib/budgets/settle), added up per
// UTC day the job was started, owner, team and model, in one query. Reservations and their releases
// are left out: they are what running jobs hold, not what was spent. Deleting work later changes
// nothing here. Team is the owner's active team when the job was started, not who it is shared with.
export async function usageRows(filter: UsageFilter): Promise<UsageRowDto[]> {
  const conditions = [Prisma.sql`w.kind = 'charge'`, Prisma.sql`w.at >= ${filter.from}::timestamp`, Prisma.sql`w.at < ${addDays(filter.to, 1)}::timestamp`];
  if (filter.userId) conditions.push(Prisma.sql`w."userId" = ${filter.userId}`);
  if (filter.teamId === USAGE_NO_TEAM) conditions.push(Prisma.sql`t.id IS NULL`);
  else if (filter.teamId) conditions.push(Prisma.sql`w."teamId" = ${filter.teamId}`);
  if (filter.model) conditions.push(Prisma.sql`w.model = ${filter.model}`);
  const rows = await db.$queryRaw<RawRow[]>`
    SELECT to_char(w.at, 'YYYY-MM-DD') AS day, w."userId" AS user_id, u."name" AS user_name, u."email" AS user_email,
           t.id AS team_id, t."name" AS team_name, w.model,
           sum(w.tokens)::bigint AS tokens, sum(w.images)::bigint AS images, sum(w."videoSeconds")::float8 AS video_seconds,
           sum(w."amountMicros")::bigint AS amount_micros
      FROM "ChargeEntry" w
      JOIN "User" u ON u."id" = w."userId"
      LEFT JOIN "Team" t ON t."id" = w."teamId"
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
    amountMicros: Number(row.amount_micros),
  }));
}
