// Public share links: the limits and wording shared by the owner's dialog, the admin's
// switch and the route handlers. Browser-safe.
import { z } from "zod";
import type { GalleryKind } from "./gallery-schemas";

/** How long a public link may live, in days. */
export const SHARE_LINK_MIN_DAYS = 1;
export const SHARE_LINK_MAX_DAYS = 30;
export const SHARE_LINK_DEFAULT_DAYS = 7;

/** What the admin's switch means, under it. */
export const PUBLIC_SHARE_LINKS_MEANING =
  "Owners may make a link to one gallery entry that anyone holding it can open without signing in, until it expires or is revoked.";

/** The refusal while the site admin has not turned public links on. */
export const PUBLIC_LINKS_OFF_MESSAGE = "Public share links are turned off on this studio";

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

/** A public link as its owner sees it; `url` (with the token) only in the answer that created it. */
export type ShareLinkDto = { id: string; createdAt: string; expiresAt: string; url?: string };

/** The token in a public link: 32 random bytes, base64url. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "token must be a share link token");

/**
 * Where a public link stands, the switch aside: `suspended` while its creator's account is disabled
 * (it opens again when the account is enabled), `expired` and `revoked` for good.
 */
export const SHARE_LINK_STATES = ["live", "suspended", "expired", "revoked"] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

export const SHARE_LINK_STATE_LABELS: Record<ShareLinkState, string> = {
  live: "Live",
  suspended: "Suspended: creator disabled",
  expired: "Expired",
  revoked: "Revoked",
};

/** How many links one page of the admin's list shows. */
export const ADMIN_SHARE_LINKS_PAGE_SIZE = 50;

/** GET /api/admin/links. */
export const adminShareLinksQuerySchema = z.strictObject(
  { cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be a cursor from a previous page").optional() },
  { error: "The only query parameter is cursor" },
);

/** A public link as a site admin sees it (never its token): who made it, to what, and where it stands. */
export type AdminShareLinkDto = {
  id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  state: ShareLinkState;
  creator: { id: string; name: string; email: string };
  item: { id: string; kind: GalleryKind; prompt: string };
};

/** GET /api/admin/links: newest first; `nextCursor` is passed back as `cursor` for the next page. */
export type AdminShareLinkPage = { links: AdminShareLinkDto[]; nextCursor: string | null };
