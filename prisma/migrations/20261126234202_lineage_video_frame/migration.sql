-- AlterEnum
ALTER TYPE "LineageRole" ADD VALUE 'video_frame';

-- AlterTable
ALTER TABLE "LineageLink" ADD COLUMN     "frameAssetId" TEXT;

-- CreateIndex
CREATE INDEX "LineageLink_frameAssetId_idx" ON "LineageLink"("frameAssetId");

-- AddForeignKey
ALTER TABLE "LineageLink" ADD CONSTRAINT "LineageLink_frameAssetId_fkey" FOREIGN KEY ("frameAssetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;
