// The audit pages' filters, checked the same way in the browser (before a request) and by the routes.
import { z } from "zod";
import { calendarDaySchema } from "@/lib/validation/calendar-day-schema";
import { AUDIT_ACTION_NAMES, AUDIT_CATEGORY_NAMES, type AuditAction, type AuditCategory } from "./actions";

/** How many entries one page of the audit table shows. */
export const AUDIT_PAGE_SIZE = 50;

/** The export's columns, in order (its first line). */
export const AUDIT_CSV_HEADER = ["time_utc", "action", "action_label", "actor_name", "actor_email", "actor_id", "target", "team_name", "team_id", "details"] as const;

/** The longest text the target search takes. */
export const AUDIT_TARGET_SEARCH_MAX = 200;

/** What narrows a team's entries; days are UTC and both ends are included. */
const teamFilterShape = {
  category: z.enum(AUDIT_CATEGORY_NAMES, { error: `Category must be one of ${AUDIT_CATEGORY_NAMES.join(", ")}` }).optional(),
  action: z.enum(AUDIT_ACTION_NAMES, { error: "Action must be one of the audit log's actions" }).optional(),
  actorId: z.uuid("Actor must be the id of a user").optional(),
  from: calendarDaySchema("From").optional(),
  to: calendarDaySchema("To").optional(),
  target: z.string().trim().max(AUDIT_TARGET_SEARCH_MAX, `Target search must be at most ${AUDIT_TARGET_SEARCH_MAX} characters`).optional(),
};

/** A site admin's filters: a team's, and any team. */
const filterShape = { ...teamFilterShape, teamId: z.uuid("Team must be the id of a team").optional() };

const cursorShape = { cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be a cursor from a previous page").optional() };

function checkRange(values: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (values.from && values.to && values.from > values.to) ctx.addIssue({ code: "custom", path: ["from"], message: "From must be on or before To" });
}

const unknownParameter = { error: "The audit log's filters are category, action, actorId, teamId (site admins), from, to, target and cursor" };

/** GET /api/admin/audit/csv: the filters. */
export const auditFiltersSchema = z.strictObject(filterShape, unknownParameter).superRefine(checkRange);
export type AuditFilters = z.output<typeof auditFiltersSchema>;

/** GET /api/admin/audit: the filters and where the previous page ended. */
export const auditPageQuerySchema = z.strictObject({ ...filterShape, ...cursorShape }, unknownParameter).superRefine(checkRange);
export type AuditPageQuery = z.output<typeof auditPageQuerySchema>;

/** A team's audit log: its team is the route's, so the filters name none. */
export const teamAuditFiltersSchema = z.strictObject(teamFilterShape, unknownParameter).superRefine(checkRange);
export const teamAuditPageQuerySchema = z.strictObject({ ...teamFilterShape, ...cursorShape }, unknownParameter).superRefine(checkRange);

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
