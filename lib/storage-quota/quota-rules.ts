// Storage quotas as the admin area sets them and the account page shows them: the limits, units and
// wording, kept apart from the zod schemas (quota-schemas.ts, which use them) so that a page showing
// them does not load zod with its first paint.
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

/** What an admin typed, in bytes: "1.5" GB is 1,500,000,000. */
export function quotaBytesOf(amount: string, unit: StorageQuotaUnit): number {
  return Math.round(Number(amount) * STORAGE_QUOTA_UNITS[unit]);
}

/** The quotas of people and teams without one of their own (SiteSettings); null is no limit, the default. */
export type StorageQuotaDefaultsDto = { userStorageQuotaBytes: number | null; teamStorageQuotaBytes: number | null };

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
