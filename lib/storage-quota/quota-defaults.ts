import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/current-user";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import { db } from "@/lib/db/client";
import { fromQuotaColumn, toQuotaColumn } from "./quota-column";
import type { StorageQuotaDefaultsDto } from "./quota-rules";

const defaultsSelect = { userStorageQuotaBytes: true, teamStorageQuotaBytes: true } as const;

/** The site's default quotas: none until an admin sets them, so a fresh install stores without limit. */
export async function storageQuotaDefaults(): Promise<StorageQuotaDefaultsDto> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: defaultsSelect });
  return { userStorageQuotaBytes: fromQuotaColumn(row?.userStorageQuotaBytes), teamStorageQuotaBytes: fromQuotaColumn(row?.teamStorageQuotaBytes) };
}

/** Changes the defaults named in `changes` (null: no limit), on record in the audit log. */
export function updateStorageQuotaDefaults(admin: CurrentUser, changes: Partial<StorageQuotaDefaultsDto>): Promise<StorageQuotaDefaultsDto> {
  const data = { userStorageQuotaBytes: toQuotaColumn(changes.userStorageQuotaBytes), teamStorageQuotaBytes: toQuotaColumn(changes.teamStorageQuotaBytes) };
  return db.$transaction(async (tx) => {
    const row = await tx.siteSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...data }, update: data, select: defaultsSelect });
    await recordAudit(tx, { actor: admin, action: "settings.storage_quotas", details: { ...changes } });
    return { userStorageQuotaBytes: fromQuotaColumn(row.userStorageQuotaBytes), teamStorageQuotaBytes: fromQuotaColumn(row.teamStorageQuotaBytes) };
  });
}
