-- CreateTable
CREATE TABLE "UpstreamReachability" (
    "service" TEXT NOT NULL,
    "reachable" BOOLEAN NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "lastErrorCode" TEXT,

    CONSTRAINT "UpstreamReachability_pkey" PRIMARY KEY ("service")
);
