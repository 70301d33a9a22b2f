-- AlterTable
ALTER TABLE "GalleryItem" ADD COLUMN     "variationSetId" TEXT;

-- CreateIndex
CREATE INDEX "GalleryItem_variationSetId_idx" ON "GalleryItem"("variationSetId");

-- Entries written before this migration take their generation's set.
UPDATE "GalleryItem" SET "variationSetId" = g."variationSetId"
FROM "Generation" g
WHERE g."id" = "GalleryItem"."generationId" AND g."variationSetId" IS NOT NULL;
