import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { decodeKeysetCursor, encodeKeysetCursor } from "@/lib/pagination/keyset-cursor";
import type { GalleryPageDto } from "./gallery-dto";
import type { GalleryQuery } from "./gallery-schemas";
import { prefixTsQuery } from "./search-query";
import { toGalleryItemDto, type GalleryItemRow } from "./to-gallery-item-dto";

/**
 * One page of one gallery tab: "mine" is what the user made, a team's id what was shared
 * with that team (its members', or a site admin's). Newest first, in keyset pages on (createdAt desc,
 * id desc), so a page costs the same however deep it is and entries added meanwhile neither repeat
 * nor go missing. An entry without a cover yet (a conversation before its first image) is not shown.
 */
export async function listGallery(user: CurrentUser, query: GalleryQuery): Promise<GalleryPageDto> {
  const rows = await db.$queryRaw<PageRow[]>(galleryPageSql(user, query));
  const items = rows.slice(0, query.limit).map(toRow);
  const last = items.at(-1);
  return { items: items.map(toGalleryItemDto), nextCursor: rows.length > query.limit && last ? encodeKeysetCursor(last) : null };
}

type PageRow = Omit<GalleryItemRow, "owner" | "team" | "cover" | "createdAt" | "sharedAt" | "variationIds"> & {
  createdAt: Date | string;
  sharedAt: Date | string | null;
  ownerName: string;
  ownerId: string;
  teamId: string | null;
  teamName: string | null;
  coverAssetId: string;
  coverWidth: number | null;
  coverHeight: number | null;
  coverDurationMs: number | null;
  coverKind: string;
  coverMime: string;
  coverStorageKey: string;
  coverThumbnailKey: string | null;
  variationIds: string[];
};

function toRow(row: PageRow): GalleryItemRow {
  return {
    id: row.id,
    kind: row.kind,
    model: row.model,
    prompt: row.prompt,
    createdAt: new Date(row.createdAt),
    sharedAt: row.sharedAt === null ? null : new Date(row.sharedAt),
    imageCount: row.imageCount,
    owner: { id: row.ownerId, name: row.ownerName },
    team: row.teamId && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
    cover: { id: row.coverAssetId, width: row.coverWidth, height: row.coverHeight, durationMs: row.coverDurationMs,
      kind: row.coverKind,
      mime: row.coverMime,
      storageKey: row.coverStorageKey,
      thumbnailKey: row.coverThumbnailKey,
    },
    variationIds: row.variationIds,
  };
}

/**
 * The one statement that reads a page (and one entry more, to tell whether another page follows)
 * with what its tiles show: one round trip. The tab's (ownerId|teamId, createdAt desc, id desc) index
 * gives the order, so a first page reads only the rows it returns; a search uses the full-text index
 * (to_tsvector('simple', "searchText"), migration 20261123171447_teams_gallery). Every value is a
 * parameter. Exported for the bench's EXPLAIN ANALYZE (scripts/bench-gallery.ts).
 *
 * A variation set is one tile: it stands where its first matching entry (the first image to be
 * ready) stands, so the images that arrive later never move it, and it lists the set's entries that
 * match the same tab and filters, so its count says what the designer would find one by one.
 */
export function galleryPageSql(user: CurrentUser, query: GalleryQuery): Prisma.Sql {
  const conditions = (alias: string) => Prisma.join(filterConditions(user, query, Prisma.raw(`"${alias}"`)), " AND ");
  const page = [conditions("entry")];
  if (query.cursor) {
    const cursor = decodeKeysetCursor(query.cursor);
    page.push(Prisma.sql`("entry"."createdAt", "entry"."id") < (${timestamp(cursor.createdAt)}::timestamp(3), ${cursor.id})`);
  }
  page.push(Prisma.sql`("entry"."variationSetId" IS NULL OR NOT EXISTS (
    SELECT 1 FROM "GalleryItem" "earlier"
    WHERE "earlier"."variationSetId" = "entry"."variationSetId" AND ${conditions("earlier")}
      AND ("earlier"."createdAt", "earlier"."id") < ("entry"."createdAt", "entry"."id")))`);
  return Prisma.sql`
    SELECT page."id", page."kind"::text AS "kind", page."model", page."prompt", page."createdAt", page."sharedAt", page."imageCount",
      page."ownerId", owner."name" AS "ownerName", page."teamId", team."name" AS "teamName",
      page."coverAssetId", cover."width" AS "coverWidth", cover."height" AS "coverHeight", cover."durationMs" AS "coverDurationMs",
      cover."kind"::text AS "coverKind", cover."mime" AS "coverMime", cover."storageKey" AS "coverStorageKey", cover."thumbnailKey" AS "coverThumbnailKey",
      CASE WHEN page."variationSetId" IS NULL THEN ARRAY[page."id"] ELSE (
        SELECT array_agg("member"."id" ORDER BY "member"."createdAt", "member"."id") FROM "GalleryItem" "member"
        WHERE "member"."variationSetId" = page."variationSetId" AND ${conditions("member")}
      ) END AS "variationIds"
    FROM (
      SELECT "entry".* FROM "GalleryItem" "entry"
      WHERE ${Prisma.join(page, " AND ")}
      ORDER BY "entry"."createdAt" DESC, "entry"."id" DESC
      LIMIT ${query.limit + 1}
    ) page
    JOIN "User" owner ON owner."id" = page."ownerId"
    LEFT JOIN "Team" team ON team."id" = page."teamId"
    JOIN "Asset" cover ON cover."id" = page."coverAssetId"
    ORDER BY page."createdAt" DESC, page."id" DESC`;
}

/** The tab and the filters, on the entries of `table` (the page's, or another entry of a set). */
function filterConditions(user: CurrentUser, query: GalleryQuery, table: Prisma.Sql): Prisma.Sql[] {
  const conditions = [scopeCondition(user, query.scope, table), Prisma.sql`${table}."coverAssetId" IS NOT NULL`];
  if (query.kind) conditions.push(Prisma.sql`${table}."kind" = ${query.kind}::"GalleryKind"`);
  if (query.model) conditions.push(Prisma.sql`${table}."model" = ${query.model}`);
  if (query.creator) conditions.push(Prisma.sql`${table}."ownerId" = ${query.creator}`);
  if (query.shared) conditions.push(query.shared === "shared" ? Prisma.sql`${table}."teamId" IS NOT NULL` : Prisma.sql`${table}."teamId" IS NULL`);
  // Whole UTC days, `to` included.
  if (query.from) conditions.push(Prisma.sql`${table}."createdAt" >= ${query.from}::date`);
  if (query.to) conditions.push(Prisma.sql`${table}."createdAt" < ${query.to}::date + 1`);
  const tsQuery = query.q ? prefixTsQuery(query.q) : null;
  if (tsQuery) conditions.push(Prisma.sql`to_tsvector('simple', ${table}."searchText") @@ to_tsquery('simple', ${tsQuery})`);
  return conditions;
}

function scopeCondition(user: CurrentUser, scope: GalleryQuery["scope"], table: Prisma.Sql): Prisma.Sql {
  if (scope === "mine") return Prisma.sql`${table}."ownerId" = ${user.id}`;
  // A team tab is its members'; a site admin may open any team's. Anyone else learns nothing of it.
  if (user.role !== "admin" && !user.teamIds.includes(scope)) {
    throw new AppError("not_found", "No such team", [{ field: "scope", message: "scope must be mine or the id of one of your teams" }]);
  }
  return Prisma.sql`${table}."teamId" = ${scope}`;
}

// "timestamp(3)" holds UTC wall time (Prisma's DateTime): the ISO text without its zone.
function timestamp(date: Date): string {
  return date.toISOString().replace("Z", "");
}
