-- CreateEnum
CREATE TYPE "BudgetScope" AS ENUM ('studio', 'team', 'team_member', 'person');

-- CreateEnum
CREATE TYPE "BudgetPeriod" AS ENUM ('daily', 'weekly', 'monthly', 'none');

-- CreateEnum
CREATE TYPE "BudgetMetric" AS ENUM ('money', 'tokens', 'images', 'video_seconds');

-- CreateEnum
CREATE TYPE "ChargeKind" AS ENUM ('reservation', 'release', 'charge');

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'USD';

-- CreateTable
CREATE TABLE "ModelPrice" (
    "model" TEXT NOT NULL,
    "per1kTokensMicros" INTEGER NOT NULL DEFAULT 0,
    "perImageMicros" INTEGER NOT NULL DEFAULT 0,
    "perVideoSecondMicros" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelPrice_pkey" PRIMARY KEY ("model")
);

-- CreateTable
CREATE TABLE "Budget" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "scope" "BudgetScope" NOT NULL,
    "teamId" TEXT,
    "userId" TEXT,
    "metric" "BudgetMetric" NOT NULL,
    "period" "BudgetPeriod" NOT NULL,
    "limit" DOUBLE PRECISION NOT NULL,
    "alertPercent" INTEGER NOT NULL DEFAULT 80,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Budget_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChargeEntry" (
    "id" TEXT NOT NULL,
    "kind" "ChargeKind" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "jobId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "teamId" TEXT,
    "model" TEXT NOT NULL,
    "tokens" BIGINT NOT NULL DEFAULT 0,
    "images" INTEGER NOT NULL DEFAULT 0,
    "videoSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "per1kTokensMicros" INTEGER NOT NULL,
    "perImageMicros" INTEGER NOT NULL,
    "perVideoSecondMicros" INTEGER NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChargeEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Budget_key_key" ON "Budget"("key");

-- CreateIndex
CREATE INDEX "Budget_teamId_idx" ON "Budget"("teamId");

-- CreateIndex
CREATE INDEX "Budget_userId_idx" ON "Budget"("userId");

-- CreateIndex
CREATE INDEX "ChargeEntry_at_idx" ON "ChargeEntry"("at");

-- CreateIndex
CREATE INDEX "ChargeEntry_userId_at_idx" ON "ChargeEntry"("userId", "at");

-- CreateIndex
CREATE INDEX "ChargeEntry_teamId_at_idx" ON "ChargeEntry"("teamId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "ChargeEntry_jobId_kind_key" ON "ChargeEntry"("jobId", "kind");

-- AddForeignKey
ALTER TABLE "Budget" ADD CONSTRAINT "Budget_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Budget" ADD CONSTRAINT "Budget_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only: a charge is written once and never changed or removed, by the studio or anyone else.
CREATE FUNCTION "charge_ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The charge ledger is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "ChargeEntry_append_only"
  BEFORE UPDATE OR DELETE ON "ChargeEntry"
  FOR EACH ROW EXECUTE FUNCTION "charge_ledger_refuse_change"();

CREATE TRIGGER "ChargeEntry_no_truncate"
  BEFORE TRUNCATE ON "ChargeEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "charge_ledger_refuse_change"();
