// The per-role caps on a person's image jobs, as the admin's form and the route read them. Browser-safe.
import { z } from "zod";

/** The highest cap an admin may set: far above any real need, yet a bound. */
export const MAX_QUEUED_JOB_CAP = 1000;

const cap = z
  .number({ error: "must be a whole number of jobs, or null for no cap" })
  .int("must be a whole number of jobs")
  .min(1, "must be at least 1")
  .max(MAX_QUEUED_JOB_CAP, `must be at most ${MAX_QUEUED_JOB_CAP}`)
  .nullable();

/** PUT /api/admin/queue-caps: for each site role, the most image jobs running or waiting one person may have. */
export const queueCapsSchema = z.strictObject({ admin: cap, member: cap });
export type QueueCaps = z.infer<typeof queueCapsSchema>;
