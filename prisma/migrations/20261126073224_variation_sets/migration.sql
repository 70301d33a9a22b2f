-- AlterTable
ALTER TABLE "Generation" ADD COLUMN     "variationSetId" TEXT;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "variationSetId" TEXT;

-- Every job made before this migration took its running place when it was created.
UPDATE "Job" SET "startedAt" = "createdAt" WHERE "startedAt" IS NULL;
