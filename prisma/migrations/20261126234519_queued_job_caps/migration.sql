-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "queuedJobCapAdmin" INTEGER,
ADD COLUMN     "queuedJobCapMember" INTEGER;
