import type { ShareLinkState } from "./share-link-rules";

/**
 * One rule for the public page and the admin's list. A disabled creator suspends the link rather
 * than revoking it: read at each request, so enabling the account again restores it untouched.
 */
export function shareLinkState(link: { revokedAt: Date | null; expiresAt: Date; creator: { disabledAt: Date | null } }, now: Date): ShareLinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt <= now) return "expired";
  if (link.creator.disabledAt) return "suspended";
  return "live";
}
