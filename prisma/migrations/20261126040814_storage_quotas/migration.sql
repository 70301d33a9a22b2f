-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "teamStorageQuotaBytes" BIGINT,
ADD COLUMN     "userStorageQuotaBytes" BIGINT;

-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "storageQuotaBytes" BIGINT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "storageQuotaBytes" BIGINT;

-- CreateIndex
CREATE INDEX "Asset_ownerId_bytes_idx" ON "Asset"("ownerId", "bytes");

-- CreateIndex
CREATE INDEX "Asset_teamId_ownerId_bytes_idx" ON "Asset"("teamId", "ownerId", "bytes");
