// Storage quotas as the admin area sets them: one rule for the browser's forms and the server's
// routes, with the limits of quota-rules.ts. Browser-safe.
import { z } from "zod";
import { MAX_STORAGE_QUOTA_BYTES, quotaBytesOf, STORAGE_QUOTA_UNITS, type StorageQuotaUnit } from "./quota-rules";

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
  .transform(({ amount, unit }) => quotaBytesOf(amount, unit))
  .pipe(storageQuotaBytesSchema.unwrap());
