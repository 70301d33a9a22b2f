-- CreateEnum
CREATE TYPE "JobKind" AS ENUM ('alpha_v3', 'alpha_v35_turn');

-- CreateEnum
CREATE TYPE "JobState" AS ENUM ('queued', 'waiting', 'generating', 'storing', 'succeeded', 'failed', 'cancelled', 'interrupted');

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "kind" "JobKind" NOT NULL,
    "ownerId" TEXT NOT NULL,
    "state" "JobState" NOT NULL DEFAULT 'queued',
    "queuePosition" INTEGER,
    "round" INTEGER,
    "label" TEXT NOT NULL,
    "generationId" TEXT,
    "turnId" TEXT,
    "conversationId" TEXT,
    "runAgainOfId" TEXT,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "requestId" TEXT,
    "runnerId" TEXT,
    "heartbeatAt" TIMESTAMP(3),
    "cancelRequestedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobEvent" (
    "id" BIGSERIAL NOT NULL,
    "jobId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Job_generationId_key" ON "Job"("generationId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_turnId_key" ON "Job"("turnId");

-- CreateIndex
CREATE INDEX "Job_ownerId_createdAt_idx" ON "Job"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "Job_state_heartbeatAt_idx" ON "Job"("state", "heartbeatAt");

-- CreateIndex
CREATE INDEX "JobEvent_ownerId_id_idx" ON "JobEvent"("ownerId", "id");

-- CreateIndex
CREATE INDEX "JobEvent_createdAt_idx" ON "JobEvent"("createdAt");

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_generationId_fkey" FOREIGN KEY ("generationId") REFERENCES "Generation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_turnId_fkey" FOREIGN KEY ("turnId") REFERENCES "Turn"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobEvent" ADD CONSTRAINT "JobEvent_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
