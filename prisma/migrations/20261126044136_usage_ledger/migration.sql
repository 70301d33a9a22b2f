-- CreateTable
CREATE TABLE "UsageEntry" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "userId" TEXT NOT NULL,
    "teamId" TEXT,
    "model" TEXT NOT NULL,
    "tokens" BIGINT NOT NULL DEFAULT 0,
    "images" INTEGER NOT NULL DEFAULT 0,
    "videoSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "generationId" TEXT,
    "turnId" TEXT,
    "videoJobId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UsageEntry_generationId_key" ON "UsageEntry"("generationId");

-- CreateIndex
CREATE UNIQUE INDEX "UsageEntry_turnId_key" ON "UsageEntry"("turnId");

-- CreateIndex
CREATE UNIQUE INDEX "UsageEntry_videoJobId_key" ON "UsageEntry"("videoJobId");

-- CreateIndex
CREATE INDEX "UsageEntry_at_idx" ON "UsageEntry"("at");

-- CreateIndex
CREATE INDEX "UsageEntry_userId_at_idx" ON "UsageEntry"("userId", "at");

-- What was spent before the ledger existed, read once from the work still on record (as usage was
-- counted until now): succeeded generations and chat turns with the images stored for them, and
-- ready video jobs with the archived video's length, else the seconds asked for.
INSERT INTO "UsageEntry" ("id", "at", "userId", "teamId", "model", "tokens", "images", "videoSeconds", "generationId")
SELECT gen_random_uuid()::text, g."createdAt", g."ownerId", g."teamId", g."model", COALESCE(g."tokens", 0),
       (SELECT count(*) FROM "Asset" a WHERE a."generationId" = g."id" AND a."kind" IN ('image', 'layer')), 0, g."id"
  FROM "Generation" g
 WHERE g."status" = 'succeeded';

INSERT INTO "UsageEntry" ("id", "at", "userId", "teamId", "model", "tokens", "images", "videoSeconds", "turnId")
SELECT gen_random_uuid()::text, tu."createdAt", c."ownerId", c."teamId", 'alpha-image-v3.5-preview', COALESCE(tu."tokens", 0),
       (SELECT count(*) FROM "Asset" a WHERE a."turnId" = tu."id" AND a."kind" IN ('image', 'layer')), 0, tu."id"
  FROM "Turn" tu JOIN "Conversation" c ON c."id" = tu."conversationId"
 WHERE tu."status" = 'succeeded' AND tu."forkedFromId" IS NULL;

INSERT INTO "UsageEntry" ("id", "at", "userId", "teamId", "model", "tokens", "images", "videoSeconds", "videoJobId")
SELECT gen_random_uuid()::text, v."createdAt", v."ownerId", v."teamId", v."task", 0, 0,
       COALESCE(va."durationMs" / 1000.0, (v."params" ->> 'durationSeconds')::float8, 0), v."id"
  FROM "VideoJob" v LEFT JOIN "Asset" va ON va."id" = v."assetId"
 WHERE v."status" = 'ready';
