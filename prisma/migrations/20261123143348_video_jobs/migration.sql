-- AlterEnum
ALTER TYPE "JobKind" ADD VALUE 'video';

-- AlterEnum
BEGIN;
CREATE TYPE "VideoStatus_new" AS ENUM ('submitting', 'reconciling', 'queued', 'running', 'archiving', 'ready', 'failed', 'canceled', 'lost', 'gone');
ALTER TABLE "public"."VideoJob" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "VideoJob" ALTER COLUMN "status" TYPE "VideoStatus_new" USING ("status"::text::"VideoStatus_new");
ALTER TYPE "VideoStatus" RENAME TO "VideoStatus_old";
ALTER TYPE "VideoStatus_new" RENAME TO "VideoStatus";
DROP TYPE "public"."VideoStatus_old";
ALTER TABLE "VideoJob" ALTER COLUMN "status" SET DEFAULT 'submitting';
COMMIT;

-- DropIndex
DROP INDEX "VideoJob_status_idx";

-- DropIndex
DROP INDEX "VideoJob_submitKey_key";

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "videoJobId" TEXT;

-- AlterTable
ALTER TABLE "VideoJob" DROP COLUMN "submitKey",
ADD COLUMN     "archivedAt" TIMESTAMP(3),
ADD COLUMN     "correlationId" TEXT NOT NULL,
ADD COLUMN     "delivery720pId" TEXT,
ADD COLUMN     "errorParam" TEXT,
ADD COLUMN     "leaseOwner" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "nextPollAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "pollFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "preparation" JSONB,
ADD COLUMN     "requestId" TEXT,
ADD COLUMN     "submitSentAt" TIMESTAMP(3),
ADD COLUMN     "upstreamDeletedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Job_videoJobId_key" ON "Job"("videoJobId");

-- CreateIndex
CREATE UNIQUE INDEX "VideoJob_correlationId_key" ON "VideoJob"("correlationId");

-- CreateIndex
CREATE INDEX "VideoJob_status_nextPollAt_idx" ON "VideoJob"("status", "nextPollAt");

-- AddForeignKey
ALTER TABLE "VideoJob" ADD CONSTRAINT "VideoJob_delivery720pId_fkey" FOREIGN KEY ("delivery720pId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_videoJobId_fkey" FOREIGN KEY ("videoJobId") REFERENCES "VideoJob"("id") ON DELETE SET NULL ON UPDATE CASCADE;
