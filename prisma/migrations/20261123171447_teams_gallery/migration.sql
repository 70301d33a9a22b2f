-- CreateEnum
CREATE TYPE "GalleryKind" AS ENUM ('image', 'layer_set', 'group_set', 'video', 'conversation');

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "publicShareLinks" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "activeTeamId" TEXT;

-- CreateTable
CREATE TABLE "GalleryItem" (
    "id" TEXT NOT NULL,
    "kind" "GalleryKind" NOT NULL,
    "ownerId" TEXT NOT NULL,
    "teamId" TEXT,
    "sharedAt" TIMESTAMP(3),
    "model" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "coverAssetId" TEXT,
    "generationId" TEXT,
    "assetId" TEXT,
    "conversationId" TEXT,
    "videoJobId" TEXT,
    "imageCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GalleryItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GalleryItemAsset" (
    "itemId" TEXT NOT NULL,
    "assetId" TEXT NOT NULL,
    "output" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "GalleryItemAsset_pkey" PRIMARY KEY ("itemId","assetId")
);

-- CreateTable
CREATE TABLE "ShareLink" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GalleryItem_assetId_key" ON "GalleryItem"("assetId");

-- CreateIndex
CREATE UNIQUE INDEX "GalleryItem_conversationId_key" ON "GalleryItem"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "GalleryItem_videoJobId_key" ON "GalleryItem"("videoJobId");

-- CreateIndex
CREATE INDEX "GalleryItem_ownerId_createdAt_id_idx" ON "GalleryItem"("ownerId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "GalleryItem_teamId_createdAt_id_idx" ON "GalleryItem"("teamId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "GalleryItem_generationId_idx" ON "GalleryItem"("generationId");

-- CreateIndex
CREATE INDEX "GalleryItemAsset_assetId_idx" ON "GalleryItemAsset"("assetId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_tokenHash_key" ON "ShareLink"("tokenHash");

-- CreateIndex
CREATE INDEX "ShareLink_itemId_idx" ON "ShareLink"("itemId");

-- CreateIndex
CREATE INDEX "Asset_teamId_createdAt_idx" ON "Asset"("teamId", "createdAt");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_activeTeamId_fkey" FOREIGN KEY ("activeTeamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_coverAssetId_fkey" FOREIGN KEY ("coverAssetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_videoJobId_fkey" FOREIGN KEY ("videoJobId") REFERENCES "VideoJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItemAsset" ADD CONSTRAINT "GalleryItemAsset_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "GalleryItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItemAsset" ADD CONSTRAINT "GalleryItemAsset_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "GalleryItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill (issue 12): existing work gets its gallery entries, as lib/gallery/index-*.ts writes them
-- for new work (an entry's time is when the work finished), and entries whose images were shared
-- with a team (Asset.visibility 'team') stay shared with it. Only then is Asset.visibility dropped.

-- A succeeded generation is a layer set (it has a base image), a group set (a beta form with a
-- group) or one image entry per image.
CREATE TEMPORARY TABLE "gallery_generation" AS
SELECT g."id", g."ownerId", g."prompt", g."revisedPrompt", g."params", COALESCE(g."completedAt", g."createdAt") AS "finishedAt",
  -- The model as the gallery names it (lib/gallery/gallery-models.ts).
  CASE
    WHEN g."kind" = 'alpha_v3' THEN 'alpha-v3'
    WHEN g."model" = 'beta-image-v5.0-pro' THEN 'beta-pro'
    WHEN g."model" = 'beta-image-v5.0-lite' THEN 'beta-lite'
    ELSE g."model"
  END AS "galleryModel",
  CASE
    WHEN EXISTS (SELECT 1 FROM "Asset" a WHERE a."generationId" = g."id" AND a."role" = 'base') THEN 'layer_set'
    WHEN g."kind" = 'beta' AND jsonb_typeof(g."params"->'group') = 'object' THEN 'group_set'
    ELSE 'image'
  END AS "entryKind"
FROM "Generation" g
WHERE g."status" = 'succeeded' AND EXISTS (SELECT 1 FROM "Asset" a WHERE a."generationId" = g."id");

INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "model", "prompt", "searchText", "coverAssetId", "generationId", "assetId", "imageCount", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, 'image', g."ownerId", g."galleryModel", g."prompt", concat_ws(E'\n', g."prompt", g."revisedPrompt"),
  a."id", g."id", a."id", 1, g."finishedAt", CURRENT_TIMESTAMP
FROM "gallery_generation" g JOIN "Asset" a ON a."generationId" = g."id"
WHERE g."entryKind" = 'image';

INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "model", "prompt", "searchText", "coverAssetId", "generationId", "imageCount", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, g."entryKind"::"GalleryKind", g."ownerId", g."galleryModel", g."prompt", concat_ws(E'\n', g."prompt", g."revisedPrompt"),
  (SELECT a."id" FROM "Asset" a WHERE a."generationId" = g."id" ORDER BY (a."role" = 'base') DESC NULLS LAST, a."position", a."createdAt" LIMIT 1),
  g."id", (SELECT count(*) FROM "Asset" a WHERE a."generationId" = g."id"), g."finishedAt", CURRENT_TIMESTAMP
FROM "gallery_generation" g
WHERE g."entryKind" <> 'image';

-- What they show, and the reference images they were made from (alpha: params.referenceAssetIds,
-- beta: params.images[].assetId) that still exist.
INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT i."id", i."assetId", true FROM "GalleryItem" i WHERE i."kind" = 'image' AND i."assetId" IS NOT NULL
UNION ALL
SELECT i."id", a."id", true FROM "GalleryItem" i JOIN "Asset" a ON a."generationId" = i."generationId" WHERE i."kind" IN ('layer_set', 'group_set');

INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT DISTINCT i."id", a."id", false
FROM "GalleryItem" i
JOIN "gallery_generation" g ON g."id" = i."generationId"
CROSS JOIN LATERAL (
  SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(g."params"->'referenceAssetIds') = 'array' THEN g."params"->'referenceAssetIds' ELSE '[]'::jsonb END) AS "assetId"
  UNION
  SELECT image->>'assetId' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g."params"->'images') = 'array' THEN g."params"->'images' ELSE '[]'::jsonb END) AS image
) reference
JOIN "Asset" a ON a."id" = reference."assetId"
ON CONFLICT DO NOTHING;

-- A conversation with at least one succeeded turn with its image: one entry, its cover the newest
-- turn's image, found by its title and every message (lib/gallery/index-conversation.ts).
CREATE TEMPORARY TABLE "gallery_turn" AS
SELECT t."id", t."conversationId", t."userText", t."createdAt", COALESCE(t."completedAt", t."createdAt") AS "finishedAt", t."requestMessages",
  (SELECT a."id" FROM "Asset" a WHERE a."turnId" = t."id" AND a."position" = 0 ORDER BY a."createdAt" LIMIT 1) AS "finalAssetId"
FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId"
WHERE t."status" = 'succeeded' AND c."deletedAt" IS NULL;

INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "model", "prompt", "searchText", "coverAssetId", "conversationId", "imageCount", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, 'conversation', c."ownerId", 'alpha-v3.5',
  CASE WHEN c."title" <> 'Untitled conversation' THEN c."title" ELSE (SELECT t."userText" FROM "gallery_turn" t WHERE t."conversationId" = c."id" ORDER BY t."createdAt" LIMIT 1) END,
  concat_ws(E'\n', CASE WHEN c."title" <> 'Untitled conversation' THEN c."title" END, (SELECT string_agg(t."userText", E'\n' ORDER BY t."createdAt") FROM "gallery_turn" t WHERE t."conversationId" = c."id")),
  (SELECT t."finalAssetId" FROM "gallery_turn" t WHERE t."conversationId" = c."id" AND t."finalAssetId" IS NOT NULL ORDER BY t."createdAt" DESC LIMIT 1),
  c."id",
  (SELECT count(*) FROM "gallery_turn" t WHERE t."conversationId" = c."id" AND t."finalAssetId" IS NOT NULL),
  (SELECT min(t."finishedAt") FROM "gallery_turn" t WHERE t."conversationId" = c."id" AND t."finalAssetId" IS NOT NULL),
  CURRENT_TIMESTAMP
FROM "Conversation" c
WHERE EXISTS (SELECT 1 FROM "gallery_turn" t WHERE t."conversationId" = c."id" AND t."finalAssetId" IS NOT NULL);

-- Each turn's image is an output; its intermediate image and the studio images its messages sent
-- (`studio-asset://<id>`, lib/chat/asset-ref-format.ts) are inputs.
INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT i."id", t."finalAssetId", true
FROM "GalleryItem" i JOIN "gallery_turn" t ON t."conversationId" = i."conversationId"
WHERE t."finalAssetId" IS NOT NULL;

INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT DISTINCT i."id", a."id", false
FROM "GalleryItem" i
JOIN "gallery_turn" t ON t."conversationId" = i."conversationId"
CROSS JOIN LATERAL (
  SELECT turnAsset."id" AS "assetId" FROM "Asset" turnAsset WHERE turnAsset."turnId" = t."id"
  UNION
  SELECT m[1] FROM regexp_matches(t."requestMessages"::text, 'studio-asset://([0-9a-fA-F-]{36})', 'g') AS m
) used
JOIN "Asset" a ON a."id" = used."assetId"
ON CONFLICT DO NOTHING;

-- A ready video: its entry's cover is the video (its poster), its model the task.
INSERT INTO "GalleryItem" ("id", "kind", "ownerId", "model", "prompt", "searchText", "coverAssetId", "videoJobId", "imageCount", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, 'video', v."ownerId", v."task", v."prompt", v."prompt", v."assetId", v."id", 0, COALESCE(v."archivedAt", v."completedAt", v."createdAt"), CURRENT_TIMESTAMP
FROM "VideoJob" v
WHERE v."status" = 'ready' AND v."assetId" IS NOT NULL;

INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT i."id", v."assetId", true FROM "GalleryItem" i JOIN "VideoJob" v ON v."id" = i."videoJobId"
UNION ALL
SELECT i."id", v."delivery720pId", true FROM "GalleryItem" i JOIN "VideoJob" v ON v."id" = i."videoJobId" WHERE v."delivery720pId" IS NOT NULL;

INSERT INTO "GalleryItemAsset" ("itemId", "assetId", "output")
SELECT DISTINCT i."id", a."id", false
FROM "GalleryItem" i
JOIN "VideoJob" v ON v."id" = i."videoJobId"
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(v."params"->'inputs') = 'array' THEN v."params"->'inputs' ELSE '[]'::jsonb END) AS input
JOIN "Asset" a ON a."id" = input->>'assetId'
ON CONFLICT DO NOTHING;

-- Work whose images were shared with a team stays shared with that team.
UPDATE "GalleryItem" i
SET "teamId" = shared."teamId", "sharedAt" = CURRENT_TIMESTAMP
FROM (
  SELECT DISTINCT ON (l."itemId") l."itemId", a."teamId"
  FROM "GalleryItemAsset" l JOIN "Asset" a ON a."id" = l."assetId"
  WHERE l."output" AND a."visibility" = 'team' AND a."teamId" IS NOT NULL
  ORDER BY l."itemId", a."position", a."createdAt"
) shared
WHERE i."id" = shared."itemId";

DROP TABLE "gallery_generation", "gallery_turn";

-- DropIndex
DROP INDEX "Asset_teamId_visibility_createdAt_idx";

-- AlterTable
ALTER TABLE "Asset" DROP COLUMN "visibility";

-- DropEnum
DROP TYPE "Visibility";

-- Prompt search (issue 12): full-text over the entry's words, built into PostgreSQL (and PGlite),
-- with the 'simple' configuration so that any word of any language is found as written.
CREATE INDEX "GalleryItem_searchText_fts_idx" ON "GalleryItem" USING GIN (to_tsvector('simple', "searchText"));

-- A forked conversation's copied turns name the turn they copy (usage counts the original only).
ALTER TABLE "Turn" ADD COLUMN "forkedFromId" TEXT;
