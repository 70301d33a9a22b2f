// Storage quotas as the admin area sets them and the account page shows them: one rule for the
// browser's forms and the server's routes. Browser-safe.
import { z } from "zod";
import type { UserSummary } from "@/lib/auth/types";

/**
 * The largest quota an admin may set: 1 PB, beyond any disk the studio runs on, and still an exact
 * JavaScript number. An admin who wants one person or team unbounded while a site default applies
 * sets this.
 */
export const MAX_STORAGE_QUOTA_BYTES = 1e15;

/** Quotas are entered in decimal units, like every size the studio names ("10 MB" is 10,000,000 bytes). */
export const STORAGE_QUOTA_UNITS = { MB: 1e6, GB: 1e9, TB: 1e12 } as const;
export type StorageQuotaUnit = keyof typeof STORAGE_QUOTA_UNITS;

/** A quota in bytes; null means none of its own: the site's default (or, for the defaults, no limit). */
export const storageQuotaBytesSchema = z
  .number({ error: "must be a number of bytes or null" })
  .int("must be a whole number of bytes")
  .min(0, "must be at least 0 bytes")
  .max(MAX_STORAGE_QUOTA_BYTES, `must be at most ${MAX_STORAGE_QUOTA_BYTES} bytes (1 PB)`)
  .nullable();

/** PUT /api/admin/users/[id]/storage-quota and /api/admin/teams/[id]/storage-quota. */
export const storageQuotaSchema = z.strictObject({ limitBytes: storageQuotaBytesSchema });

/** PATCH /api/admin/storage-quotas: the site's defaults to change, at least one; null is no limit. */
export const storageQuotaDefaultsSchema = z
  .strictObject({
    userStorageQuotaBytes: storageQuotaBytesSchema.optional(),
    teamStorageQuotaBytes: storageQuotaBytesSchema.optional(),
  })
  .refine((changes) => changes.userStorageQuotaBytes !== undefined || changes.teamStorageQuotaBytes !== undefined, {
    message: "Name at least one default: userStorageQuotaBytes or teamStorageQuotaBytes",
  });

/** The quotas of people and teams without one of their own (SiteSettings); null is no limit, the default. */
export type StorageQuotaDefaultsDto = { userStorageQuotaBytes: number | null; teamStorageQuotaBytes: number | null };

/** What an admin types: an amount and its unit, turned into bytes (and held to the same rule). */
export const storageQuotaFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .min(1, "Amount is required")
      .regex(/^\d+(\.\d+)?$/, "Amount must be a number like 500 or 1.5"),
    unit: z.enum(Object.keys(STORAGE_QUOTA_UNITS) as [StorageQuotaUnit, ...StorageQuotaUnit[]], { error: "Unit must be MB, GB or TB" }),
  })
  .transform(({ amount, unit }) => Math.round(Number(amount) * STORAGE_QUOTA_UNITS[unit]))
  .pipe(storageQuotaBytesSchema.unwrap());

/** How much a person or a team stores and may store (null: no limit). */
export type StorageUseDto = { usedBytes: number; limitBytes: number | null };

/** A person's or a team's row in the admin area: their own quota (null: the site's default) and what they store. */
export type AdminStorageQuotaDto = { id: string; storageQuotaBytes: number | null; storageUsedBytes: number };

/** A row of the admin's users table: the account, the bytes of its assets and its own storage quota (null: the site's default). */
export type AdminUserRow = UserSummary & { storageUsedBytes: number; storageQuotaBytes: number | null };

/** The account page's storage: the person's, and their active team's (null without a team). */
export type AccountStorageDto = { user: StorageUseDto; team: (StorageUseDto & { name: string }) | null };

const DISPLAY_UNITS = [
  ["TB", 1e12],
  ["GB", 1e9],
  ["MB", 1e6],
  ["KB", 1e3],
] as const;

/** "0 bytes", "12 KB", "950 MB", "1.25 GB": decimal units, to at most two decimals (one under a GB). */
export function formatStorageBytes(bytes: number): string {
  const found = DISPLAY_UNITS.find(([, size]) => bytes >= size);
  if (!found) return `${bytes} bytes`;
  const [unit, size] = found;
  return `${Number((bytes / size).toFixed(size >= 1e9 ? 2 : 1))} ${unit}`;
}

/** "1.2 GB of 5 GB used", or "1.2 GB used, no limit". */
export function storageUseText(use: StorageUseDto): string {
  return use.limitBytes === null ? `${formatStorageBytes(use.usedBytes)} used, no limit` : `${formatStorageBytes(use.usedBytes)} of ${formatStorageBytes(use.limitBytes)} used`;
}
