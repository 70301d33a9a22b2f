-- CreateTable
CREATE TABLE "UpstreamGateTicket" (
    "id" BIGSERIAL NOT NULL,
    "model" TEXT NOT NULL,
    "holderId" TEXT NOT NULL,
    "admittedAt" TIMESTAMP(3),
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UpstreamGateTicket_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UpstreamGateTicket_model_id_idx" ON "UpstreamGateTicket"("model", "id");
