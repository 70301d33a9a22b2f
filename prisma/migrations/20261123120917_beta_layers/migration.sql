-- CreateEnum
CREATE TYPE "AssetRole" AS ENUM ('base', 'layer');

-- AlterEnum
ALTER TYPE "JobKind" ADD VALUE 'beta';

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "layout" JSONB,
ADD COLUMN     "role" "AssetRole";
