// Public share links: the limits, states and wording shared by the owner's dialog, the admin's
// switch and list, and the route handlers; kept apart from the zod schemas (share-link-schemas.ts)
// so that a page showing them does not load zod with its first paint.
import type { GalleryKind } from "./gallery-rules";

/** How long a public link may live, in days. */
export const SHARE_LINK_MIN_DAYS = 1;
export const SHARE_LINK_MAX_DAYS = 30;
export const SHARE_LINK_DEFAULT_DAYS = 7;

/** What the admin's switch means, under it. */
export const PUBLIC_SHARE_LINKS_MEANING =
  "Owners may make a link to one gallery entry that anyone holding it can open without signing in, until it expires or is revoked.";

/** The refusal while the site admin has not turned public links on. */
export const PUBLIC_LINKS_OFF_MESSAGE = "Public share links are turned off on this studio";

/** A public link as its owner sees it; `url` (with the token) only in the answer that created it. */
export type ShareLinkDto = { id: string; createdAt: string; expiresAt: string; url?: string };

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
