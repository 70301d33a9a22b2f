-- CreateEnum
CREATE TYPE "InviteKind" AS ENUM ('site', 'team');

-- AlterTable
ALTER TABLE "Invite" ADD COLUMN     "kind" "InviteKind" NOT NULL DEFAULT 'team';

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "teamInvitesCreateAccounts" BOOLEAN NOT NULL DEFAULT false;

-- Invites made before this migration: those the admin area made (audited as invite.created) are site invites.
UPDATE "Invite" SET "kind" = 'site' WHERE "id" IN (SELECT "target" FROM "AuditLog" WHERE "action" = 'invite.created');
