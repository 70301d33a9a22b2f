// Public share links: the route handlers' zod schemas, with the limits of share-link-rules.ts.
// Browser-safe.
import { z } from "zod";
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, SHARE_LINK_MIN_DAYS } from "./share-link-rules";

/** POST /api/gallery/items/[id]/links. */
export const createShareLinkSchema = z.strictObject(
  {
    expiresInDays: z
      .number({ error: "expiresInDays must be a number of days" })
      .int("expiresInDays must be a whole number of days")
      .min(SHARE_LINK_MIN_DAYS, `expiresInDays must be at least ${SHARE_LINK_MIN_DAYS}`)
      .max(SHARE_LINK_MAX_DAYS, `expiresInDays must be at most ${SHARE_LINK_MAX_DAYS}`)
      .default(SHARE_LINK_DEFAULT_DAYS),
  },
  { error: "The body must be { expiresInDays } and nothing else" },
);

/** The token in a public link: 32 random bytes, base64url. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "token must be a share link token");

/** GET /api/admin/links. */
export const adminShareLinksQuerySchema = z.strictObject(
  { cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be a cursor from a previous page").optional() },
  { error: "The only query parameter is cursor" },
);
