-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "comparisonId" TEXT;

-- CreateTable
CREATE TABLE "Comparison" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "keptJobId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Comparison_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Comparison_ownerId_createdAt_idx" ON "Comparison"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "Job_comparisonId_idx" ON "Job"("comparisonId");

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_comparisonId_fkey" FOREIGN KEY ("comparisonId") REFERENCES "Comparison"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
