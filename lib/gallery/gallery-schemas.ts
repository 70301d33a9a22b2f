// The gallery's queries and actions: one set of zod schemas for the page and the route
// handlers. Browser-safe. Every refusal names its field and states the rule.
import { z } from "zod";
import { isCalendarDay } from "@/lib/validation/calendar-day";
import { safeText } from "@/lib/validation/text";
import { GALLERY_KINDS, GALLERY_PAGE_MAX, GALLERY_PAGE_SIZE, GALLERY_SEARCH_MAX_CHARS, GALLERY_SELECTION_MAX } from "./gallery-rules";

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine(isCalendarDay, `${label} must be a real date as YYYY-MM-DD`);

/** GET /api/gallery: one page of one tab ("mine" or a team's id), filtered. */
export const galleryQuerySchema = z
  .object({
    scope: z.union([z.literal("mine"), z.uuid()], { error: "scope must be mine or the id of one of your teams" }).default("mine"),
    kind: z.enum(GALLERY_KINDS, { error: `kind must be one of ${GALLERY_KINDS.join(", ")}` }).optional(),
    model: safeText("model").pipe(z.string().max(60, "model must be at most 60 characters")).optional(),
    from: day("from").optional(),
    to: day("to").optional(),
    creator: z.uuid("creator must be the id of a user").optional(),
    shared: z.enum(["shared", "private"], { error: "shared must be shared or private" }).optional(),
    q: safeText("q").pipe(z.string().trim().max(GALLERY_SEARCH_MAX_CHARS, `q must be at most ${GALLERY_SEARCH_MAX_CHARS} characters`)).optional(),
    cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be a cursor from a previous page").optional(),
    limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(GALLERY_PAGE_MAX, `limit must be at most ${GALLERY_PAGE_MAX}`).default(GALLERY_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ["to"], message: "to must not be before from" });
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

/** PUT /api/gallery/items/[id]/share: share with one of the owner's teams, or null to make it private. */
export const shareItemSchema = z.strictObject(
  { teamId: z.uuid("teamId must be the id of one of your teams").nullable() },
  { error: "The body must be { teamId } and nothing else" },
);

const selectionIds = z
  .array(z.uuid("ids must be ids of gallery items"), { error: "ids must be a list of gallery item ids" })
  .min(1, "ids must name at least one item")
  .max(GALLERY_SELECTION_MAX, `ids must name at most ${GALLERY_SELECTION_MAX} items`);

/** POST /api/gallery/selection: one action on several entries. */
export const selectionActionSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("share"), ids: selectionIds, teamId: z.uuid("teamId must be the id of one of your teams") }),
    z.strictObject({ action: z.literal("unshare"), ids: selectionIds }),
    z.strictObject({ action: z.literal("delete"), ids: selectionIds }),
  ],
  { error: "action must be share, unshare or delete" },
);
export type SelectionAction = z.infer<typeof selectionActionSchema>;

/** GET /api/gallery/download?ids=a,b,c: a streamed ZIP of the entries' files. */
export const downloadQuerySchema = z.object({
  ids: z
    .string({ error: "ids must be a comma-separated list of gallery item ids" })
    .transform((text) => text.split(","))
    .pipe(selectionIds),
});
