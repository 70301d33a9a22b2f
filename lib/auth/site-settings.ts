import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser, SiteSettingsDto } from "./types";

// One row (id 1), inserted by the migration that introduced it; upserts keep a database restored
// without it working.
export const SETTINGS_ID = 1;

const settingsSelect = {
  openSignUp: true,
  publicShareLinks: true,
  teamInvitesCreateAccounts: true,
  accessTokens: true,
  accessTokensWithoutExpiry: true,
} as const;

export async function siteSettings(client: Prisma.TransactionClient = db): Promise<SiteSettingsDto> {
  const row = await client.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect });
  return {
    openSignUp: row?.openSignUp ?? false,
    publicShareLinks: row?.publicShareLinks ?? false,
    teamInvitesCreateAccounts: row?.teamInvitesCreateAccounts ?? false,
    // The column defaults: tokens on, every token expiring.
    accessTokens: row?.accessTokens ?? true,
    accessTokensWithoutExpiry: row?.accessTokensWithoutExpiry ?? false,
  };
}

/** Changes the settings named in `changes`, auditing each one that was set. */
export function updateSiteSettings(admin: CurrentUser, changes: Partial<SiteSettingsDto>): Promise<SiteSettingsDto> {
  return db.$transaction(async (tx) => {
    const row = await tx.siteSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...changes }, update: changes, select: settingsSelect });
    if (changes.openSignUp !== undefined) {
      await recordAudit(tx, { actor: admin, action: "settings.open_sign_up", details: { openSignUp: changes.openSignUp } });
    }
    // Public share links are off by default; who turned them on or off is on record.
    if (changes.publicShareLinks !== undefined) {
      await recordAudit(tx, { actor: admin, action: "settings.public_share_links", details: { publicShareLinks: changes.publicShareLinks } });
    }
    if (changes.teamInvitesCreateAccounts !== undefined) {
      await recordAudit(tx, {
        actor: admin,
        action: "settings.team_invites_create_accounts",
        details: { teamInvitesCreateAccounts: changes.teamInvitesCreateAccounts },
      });
    }
    if (changes.accessTokens !== undefined) {
      await recordAudit(tx, { actor: admin, action: "settings.access_tokens", details: { accessTokens: changes.accessTokens } });
    }
    if (changes.accessTokensWithoutExpiry !== undefined) {
      await recordAudit(tx, {
        actor: admin,
        action: "settings.access_tokens_without_expiry",
        details: { accessTokensWithoutExpiry: changes.accessTokensWithoutExpiry },
      });
    }
    return row;
  });
}

export function setOpenSignUp(admin: CurrentUser, openSignUp: boolean): Promise<SiteSettingsDto> {
  return updateSiteSettings(admin, { openSignUp });
}
