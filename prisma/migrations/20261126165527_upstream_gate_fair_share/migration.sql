-- AlterTable
ALTER TABLE "UpstreamGateTicket" ADD COLUMN     "personId" TEXT,
ADD COLUMN     "teamId" TEXT;

-- CreateTable
CREATE TABLE "UpstreamGateServed" (
    "model" TEXT NOT NULL,
    "party" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "servedSeq" BIGINT NOT NULL,

    CONSTRAINT "UpstreamGateServed_pkey" PRIMARY KEY ("model","party","partyId")
);
