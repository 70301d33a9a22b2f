import "server-only";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CurrentUser } from "@/lib/auth/types";
import type { AccountStorageDto } from "./quota-rules";

/** Whose storage a piece of work counts against: its owner, and the team it was made in (if any). */
export type StorageOwner = { ownerId: string; teamId: string | null };

type UseRow = { userUsed: unknown; userLimit: unknown; teamName: string | null; teamUsed: unknown; teamLimit: unknown };

/**
 * What the owner and the team store and may store, in one statement (sums over the Asset indexes on
 * ownerId/teamId with bytes, never reading the rows).
 * - Used: the `bytes` of every Asset row, whatever kind (uploads and their conversions, generated
 *   images and layers, prepared keyframes, archived videos and their 720p copies). Thumbnails and
 *   poster frames are not rows of their own and are not counted. Two rows with the same bytes (blobs
 *   are shared by sha256) each count: each person pays for what they keep, whoever else keeps it too.
 * - A team's: the assets made with it as the active team by people who are still its members (the
 *   team cannot remove a former member's work, so it stops counting when they leave).
 * - Limit: the person's or team's own quota, else the site's default; null is no limit.
 */
export async function readStorageUse(owner: StorageOwner, client: Prisma.TransactionClient = db): Promise<AccountStorageDto> {
  const [row] = await client.$queryRaw<UseRow[]>`
    SELECT
      (SELECT COALESCE(SUM(a.bytes), 0)::bigint FROM "Asset" a WHERE a."ownerId" = ${owner.ownerId}) AS "userUsed",
      (SELECT COALESCE(u."storageQuotaBytes", s."userStorageQuotaBytes") FROM "User" u WHERE u.id = ${owner.ownerId}) AS "userLimit",
      t.name AS "teamName",
      (SELECT COALESCE(SUM(a.bytes), 0)::bigint FROM "Asset" a
        JOIN "Membership" m ON m."teamId" = a."teamId" AND m."userId" = a."ownerId"
        WHERE a."teamId" = t.id) AS "teamUsed",
      COALESCE(t."storageQuotaBytes", s."teamStorageQuotaBytes") AS "teamLimit"
    FROM (SELECT 1) AS one
    LEFT JOIN "SiteSettings" s ON s.id = ${SETTINGS_ID}
    LEFT JOIN "Team" t ON t.id = ${owner.teamId}`;
  return {
    user: { usedBytes: bytesOf(row.userUsed) ?? 0, limitBytes: bytesOf(row.userLimit) },
    team: row.teamName === null ? null : { name: row.teamName, usedBytes: bytesOf(row.teamUsed) ?? 0, limitBytes: bytesOf(row.teamLimit) },
  };
}

// BIGINT comes back as a bigint; quotas are at most 1 PB and usage far less, exact as numbers.
function bytesOf(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The account page's storage: the person's own, and that of the team they work in now. */
export function accountStorage(user: CurrentUser): Promise<AccountStorageDto> {
  return readStorageUse({ ownerId: user.id, teamId: user.activeTeamId });
}

/** The bytes each person stores (the admin's users table), in one grouped sum; people without assets are absent. */
export async function storageUsedByUser(): Promise<Map<string, number>> {
  const rows = await db.asset.groupBy({ by: ["ownerId"], _sum: { bytes: true } });
  return new Map(rows.map((row) => [row.ownerId, Number(row._sum.bytes ?? 0)]));
}

/** The bytes each team stores, counted as readStorageUse counts them, in one grouped sum. */
export async function storageUsedByTeam(): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ teamId: string; used: unknown }[]>`
    SELECT a."teamId", SUM(a.bytes)::bigint AS used FROM "Asset" a
    JOIN "Membership" m ON m."teamId" = a."teamId" AND m."userId" = a."ownerId"
    GROUP BY a."teamId"`;
  return new Map(rows.map((row) => [row.teamId, Number(row.used)]));
}
