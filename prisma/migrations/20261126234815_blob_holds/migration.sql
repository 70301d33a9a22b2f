-- CreateTable
CREATE TABLE "BlobHold" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BlobHold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BlobHold_key_idx" ON "BlobHold"("key");

-- CreateIndex
CREATE INDEX "BlobHold_createdAt_idx" ON "BlobHold"("createdAt");
