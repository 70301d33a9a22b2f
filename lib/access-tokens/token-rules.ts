// Personal access tokens: the scopes, limits and wording shared by the account page's form, the
// admin's switches, the route declarations and the server. Kept apart from the zod schema
// (token-schemas.ts, which uses them) so that a page showing them does not load zod with its first paint.

/** Every scope a token may hold; a route that takes tokens names the one it needs. */
export const TOKEN_SCOPES = ["read", "images:generate", "videos:generate", "gallery:manage"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope lets a script do, shown beside its checkbox. */
export const TOKEN_SCOPE_MEANINGS: Record<TokenScope, string> = {
  read: "Read your gallery, jobs, generations, videos, usage and the job stream",
  "images:generate": "Start alpha, beta and chat generations and upload reference images",
  "videos:generate": "Start and cancel video jobs and upload their input files",
  "gallery:manage": "Delete, rename and share your gallery entries and make public links",
};

/** Every secret starts with this, so a leaked token is easy to find (and to refuse in logs). */
export const TOKEN_PREFIX = "studio_pat_";
/** The prefix and 32 random bytes as base64url. */
export const TOKEN_PATTERN = /^studio_pat_[A-Za-z0-9_-]{43}$/;

export const TOKEN_NAME_MAX = 80;
export const TOKEN_MAX_DAYS = 365;
export const TOKEN_DEFAULT_DAYS = 90;

/** Requests one token may make per minute. */
export const TOKEN_REQUESTS_PER_MINUTE = 120;

export const ACCESS_TOKENS_MEANING =
  "People may make personal access tokens on their account page, so scripts can call the studio's API as them. Off: every token stops working at once.";
export const TOKENS_WITHOUT_EXPIRY_MEANING = "A token may be made with no expiry. Off: every new token expires within a year.";
/** The refusal to make a token while an admin has turned tokens off. */
export const TOKENS_OFF_MESSAGE = "Personal access tokens are turned off on this studio. Ask an admin to turn them on.";

/** Where a token stands; `owner_disabled` while an admin has disabled its owner's account. */
export type TokenState = "active" | "expired" | "revoked" | "owner_disabled";

export const TOKEN_STATE_LABELS: Record<TokenState, string> = { active: "Active", expired: "Expired", revoked: "Revoked", owner_disabled: "Owner disabled" };

/** The expiries the account page offers, in days. */
export const TOKEN_EXPIRY_CHOICES = [7, 30, TOKEN_DEFAULT_DAYS, 180, TOKEN_MAX_DAYS] as const;

/** A token as its owner sees it; `secret` only in the answer that made it. */
export type AccessTokenDto = {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: TokenState;
};

/** A token as the admin's list shows it, with its owner. */
export type AdminAccessTokenDto = AccessTokenDto & { owner: { id: string; name: string; email: string } };

/** What the account page needs to know about the site's switches. */
export type TokenSettingsDto = { accessTokens: boolean; accessTokensWithoutExpiry: boolean };
