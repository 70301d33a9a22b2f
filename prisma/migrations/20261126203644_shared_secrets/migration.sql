-- CreateTable
CREATE TABLE "SharedSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT,
    "fingerprint" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SharedSecret_pkey" PRIMARY KEY ("name")
);
