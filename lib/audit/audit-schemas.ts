// The audit pages' filters, checked the same way in the browser (before a request) and by the routes.
import { z } from "zod";
import { calendarDaySchema } from "@/lib/validation/calendar-day-schema";
import { AUDIT_ACTION_NAMES, AUDIT_CATEGORY_NAMES } from "./actions";
import { AUDIT_TARGET_SEARCH_MAX } from "./audit-rules";

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
