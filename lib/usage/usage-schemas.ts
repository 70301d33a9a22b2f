// The usage pages' query, shared by the browser and the routes. Browser-safe.
// Every refusal names the field and the rule; a parameter the route does not know is refused by name,
// so `/api/usage?userId=…` is a 400, never silently someone else's usage.
import { z } from "zod";
import { calendarDaySchema } from "@/lib/validation/calendar-day-schema";
import { USAGE_MODELS } from "./usage-labels";
import { addDays, daysBetween, USAGE_DEFAULT_DAYS, USAGE_FORMATS, USAGE_GROUPS, USAGE_MAX_DAYS, USAGE_NO_TEAM, utcDay } from "./usage-rules";

const day = calendarDaySchema;

const rangeShape = {
  from: day("From").optional(),
  to: day("To").optional(),
  groupBy: z.enum(USAGE_GROUPS, { error: `Group by must be ${USAGE_GROUPS.join(", ")}` }).default("day"),
  model: z.enum(USAGE_MODELS, { error: `Model must be one of ${USAGE_MODELS.join(", ")}` }).optional(),
};

const adminShape = {
  ...rangeShape,
  userId: z.uuid("User must be the id of a user").optional(),
  teamId: z.union([z.uuid(), z.literal(USAGE_NO_TEAM)], { error: `Team must be the id of a team or "${USAGE_NO_TEAM}"` }).optional(),
  format: z.enum(USAGE_FORMATS, { error: "Format must be json or csv" }).default("json"),
};

/** Fills in the range the query left out and checks its order and length (on `from`, the field to change). */
function resolveRange<T extends { from?: string; to?: string }>(values: T, ctx: z.RefinementCtx): T & { from: string; to: string } {
  const to = values.to ?? utcDay(new Date());
  const from = values.from ?? addDays(to, 1 - USAGE_DEFAULT_DAYS);
  if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: "From must be on or before To" });
  else if (daysBetween(from, to) > USAGE_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["from"], message: `The range must span at most ${USAGE_MAX_DAYS} days` });
  return { ...values, from, to };
}

/** Refuses, by name, every parameter the shape does not have, and keeps only those it has. */
function knownParameters<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).transform((values, ctx) => {
    for (const key of Object.keys(values)) {
      if (!(key in shape)) ctx.addIssue({ code: "custom", path: [key], message: `${key} is not a parameter of this usage query` });
    }
    return Object.fromEntries(Object.keys(shape).map((key) => [key, values[key]]).filter(([, value]) => value !== undefined)) as z.output<z.ZodObject<S>>;
  });
}

/** GET /api/usage: the signed-in user's own usage; there is no user or team filter. */
export const usageQuerySchema = knownParameters(rangeShape).transform(resolveRange);
export type UsageQuery = z.output<typeof usageQuerySchema>;

/** GET /api/admin/usage: everyone's usage, optionally of one user, one team (or none) and one model. */
export const adminUsageQuerySchema = knownParameters(adminShape).transform(resolveRange);
export type AdminUsageQuery = z.output<typeof adminUsageQuerySchema>;
