// Shared by the server that mints delivery URLs and the pages that refetch them.

/**
 * How long a delivery URL opens its file. Revocation (an unshare, a delete) reaches a URL already
 * handed out only when it expires, so this is also the longest a revoked viewer keeps access.
 */
export const DELIVERY_URL_TTL_SECONDS = 10 * 60;

/**
 * How often pages showing delivery URLs refetch them, and the window within which the same file gets
 * the same URL (lib/assets/delivery-url): half their lifetime, so none is shown expired.
 */
export const DELIVERY_REFRESH_MS = (DELIVERY_URL_TTL_SECONDS * 1000) / 2;
