import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "./audit";
import type { CurrentUser, SiteSettingsDto } from "./types";

// One row (id 1), inserted by the migration that introduced it; upserts keep a database restored
// without it working.
const SETTINGS_ID = 1;

export async function siteSettings(client: Prisma.TransactionClient = db): Promise<SiteSettingsDto> {
  const row = await client.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { openSignUp: true } });
  return { openSignUp: row?.openSignUp ?? false };
}

export function setOpenSignUp(admin: CurrentUser, openSignUp: boolean): Promise<SiteSettingsDto> {
  return db.$transaction(async (tx) => {
    const row = await tx.siteSettings.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, openSignUp },
      update: { openSignUp },
      select: { openSignUp: true },
    });
    await recordAudit(tx, { actorId: admin.id, action: "settings.open_sign_up", details: { openSignUp } });
    return row;
  });
}
