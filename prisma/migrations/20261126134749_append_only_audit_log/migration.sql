-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_actorId_fkey";

-- DropIndex
DROP INDEX "AuditLog_createdAt_idx";

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "actorEmail" TEXT,
ADD COLUMN     "actorName" TEXT,
ADD COLUMN     "teamId" TEXT;

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_id_idx" ON "AuditLog"("createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditLog_teamId_createdAt_idx" ON "AuditLog"("teamId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_idx" ON "AuditLog"("actorId");

-- Rows written before: keep who the actor was and which team each concerns, while it can still be read.
UPDATE "AuditLog" AS a SET "actorEmail" = u."email", "actorName" = u."name" FROM "User" AS u WHERE u."id" = a."actorId";
UPDATE "AuditLog" SET "teamId" = "target" WHERE "action" LIKE 'team.%' OR "action" = 'storage_quota.team_set';
UPDATE "AuditLog" SET "teamId" = "details"->>'teamId' WHERE "teamId" IS NULL AND jsonb_typeof("details"->'teamId') = 'string';

-- Append-only: the studio writes an entry and never changes or removes it, and neither may anyone else.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "AuditLog_append_only"
  BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();

CREATE TRIGGER "AuditLog_no_truncate"
  BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
