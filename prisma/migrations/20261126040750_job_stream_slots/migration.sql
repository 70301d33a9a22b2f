-- CreateTable
CREATE TABLE "JobStreamSlot" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobStreamSlot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobStreamSlot_userId_heartbeatAt_idx" ON "JobStreamSlot"("userId", "heartbeatAt");
