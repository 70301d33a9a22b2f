-- CreateIndex
CREATE INDEX "Job_ownerId_state_idx" ON "Job"("ownerId", "state");
