// The audit pages' sizes and entries, kept apart from the filters' zod schemas (audit-schemas.ts,
// which use them) so that a page showing them does not load zod with its first paint.
import type { AuditAction, AuditCategory } from "./actions";

/** How many entries one page of the audit table shows. */
export const AUDIT_PAGE_SIZE = 50;

/** The export's columns, in order (its first line). */
export const AUDIT_CSV_HEADER = ["time_utc", "action", "action_label", "actor_name", "actor_email", "actor_id", "target", "team_name", "team_id", "details"] as const;

/** The longest text the target search takes. */
export const AUDIT_TARGET_SEARCH_MAX = 200;

/** One entry as the audit pages show it. */
export type AuditEntryDto = {
  id: string;
  createdAt: string;
  action: AuditAction | string;
  category: AuditCategory | null;
  /** Who acted, as they were named then; null for an entry without an actor. */
  actor: { id: string | null; name: string | null; email: string | null } | null;
  target: string | null;
  /** The team the change concerns; `name` is null once the team is deleted. */
  team: { id: string; name: string | null } | null;
  details: unknown;
};

/** Newest first; `nextCursor` is passed back as `cursor` for the next page. */
export type AuditPage = { entries: AuditEntryDto[]; nextCursor: string | null };
