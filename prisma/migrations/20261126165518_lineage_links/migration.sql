-- CreateEnum
CREATE TYPE "LineageRole" AS ENUM ('first_frame', 'last_frame', 'reference', 'layer_source');

-- CreateTable
CREATE TABLE "LineageLink" (
    "id" TEXT NOT NULL,
    "sourceAssetId" TEXT NOT NULL,
    "role" "LineageRole" NOT NULL,
    "generationId" TEXT,
    "turnId" TEXT,
    "videoJobId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LineageLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LineageLink_sourceAssetId_idx" ON "LineageLink"("sourceAssetId");

-- CreateIndex
CREATE INDEX "LineageLink_generationId_idx" ON "LineageLink"("generationId");

-- CreateIndex
CREATE INDEX "LineageLink_turnId_idx" ON "LineageLink"("turnId");

-- CreateIndex
CREATE INDEX "LineageLink_videoJobId_idx" ON "LineageLink"("videoJobId");

-- AddForeignKey
ALTER TABLE "LineageLink" ADD CONSTRAINT "LineageLink_sourceAssetId_fkey" FOREIGN KEY ("sourceAssetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineageLink" ADD CONSTRAINT "LineageLink_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineageLink" ADD CONSTRAINT "LineageLink_turnId_fkey" FOREIGN KEY ("turnId") REFERENCES "Turn"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LineageLink" ADD CONSTRAINT "LineageLink_videoJobId_fkey" FOREIGN KEY ("videoJobId") REFERENCES "VideoJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;
