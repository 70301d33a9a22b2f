-- CreateTable
CREATE TABLE "WorkerPresence" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkerPresence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkerPresence_seenAt_idx" ON "WorkerPresence"("seenAt");
