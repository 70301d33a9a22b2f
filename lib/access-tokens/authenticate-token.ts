import "server-only";
import { USER_ROW_COLUMNS, type UserRow, userFields } from "@/lib/auth/sessions";
import type { TokenCredential } from "@/lib/auth/token-request";
import { SETTINGS_ID } from "@/lib/auth/site-settings";
import { db } from "@/lib/db/client";
import { AppError, type AppErrorCode } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { hit } from "@/lib/security/rate-limit";
import { TOKEN_PATTERN, TOKEN_REQUESTS_PER_MINUTE, type TokenScope } from "./token-rules";
import { tokenHash } from "./token-secret";
import { tokenState } from "./token-state";

/** Who a request with a token acts as, and when its token stops (for answers that outlive the request). */

/** Last use is written at most this often per token, so a busy script does not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;

const THROTTLE = { limit: TOKEN_REQUESTS_PER_MINUTE, windowMs: 60_000 };

type TokenRow = UserRow & {
  tokenId: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  disabledAt: Date | null;
  tokensOn: boolean;
};

const REFUSALS: Record<Exclude<ReturnType<typeof tokenState>, "active">, [AppErrorCode, string]> = {
  revoked: ["token_revoked", "This token was revoked: make a new one on your account page"],
  expired: ["token_expired", "This token has expired: make a new one on your account page"],
  owner_disabled: ["token_owner_disabled", "The account this token belongs to is disabled"],
};

/**
 * The user a `Bearer` secret acts as, checked on every request: the token must exist, tokens must be
 * on, and it must be neither revoked nor expired nor its owner disabled (401, each with its own code);
 * then it must hold one of `scopes` (403 naming them) and be within its per-minute budget (429). The user's
 * role and teams are read fresh, exactly as a session's are, so a token never has more than its owner.
 */
export async function authenticateToken(secret: string, scopes: readonly TokenScope[]): Promise<TokenCredential> {
  if (!TOKEN_PATTERN.test(secret)) throw tokenRefusal("token_invalid", "The Bearer token is not a personal access token of this studio");
  const [row] = await db.$queryRaw<TokenRow[]>`
    SELECT ${USER_ROW_COLUMNS}, a.id AS "tokenId", a.scopes, a."expiresAt", a."revokedAt", a."lastUsedAt", u."disabledAt",
      COALESCE((SELECT s."accessTokens" FROM "SiteSettings" s WHERE s.id = ${SETTINGS_ID}), true) AS "tokensOn"
    FROM "AccessToken" a
    JOIN "User" u ON u.id = a."userId"
    LEFT JOIN "Membership" m ON m."userId" = u.id
    LEFT JOIN "Team" t ON t.id = m."teamId"
    WHERE a."tokenHash" = ${tokenHash(secret)}
    GROUP BY a.id, u.id`;
  if (!row) throw tokenRefusal("token_invalid", "The Bearer token is not a personal access token of this studio");
  if (!row.tokensOn) throw tokenRefusal("tokens_disabled", "Personal access tokens are turned off on this studio");
  const state = tokenState({ ...row, owner: row }, new Date());
  if (state !== "active") throw tokenRefusal(...REFUSALS[state]);
  if (!scopes.some((scope) => row.scopes.includes(scope))) {
    const needed = scopes.map((scope) => `"${scope}"`).join(" or ");
    throw new AppError("token_scope_missing", `This token lacks the scope ${needed} this request needs`, [
      { field: "Authorization", message: `the token must hold the scope ${needed}` },
    ]);
  }
  const budget = await hit(`access-token:${row.tokenId}`, THROTTLE);
  if (!budget.allowed) {
    throw new AppError("rate_limited", `This token made ${TOKEN_REQUESTS_PER_MINUTE} requests this minute: try again in ${budget.retryAfterSeconds} s`, [], {
      "Retry-After": String(budget.retryAfterSeconds),
    });
  }
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) await markUsed(row.tokenId);
  return { user: { ...userFields(row), tokenId: row.tokenId }, expiresAt: row.expiresAt };
}

// Conditional in the database too, so simultaneous requests write it once.
async function markUsed(tokenId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "AccessToken" SET "lastUsedAt" = date_trunc('milliseconds', now() AT TIME ZONE 'UTC')
    WHERE id = ${tokenId}
      AND ("lastUsedAt" IS NULL OR "lastUsedAt" <= (now() AT TIME ZONE 'UTC') - CAST(${LAST_USED_EVERY_MS} AS integer) * interval '1 millisecond')`;
}

function tokenRefusal(code: AppErrorCode, message: string): AppError {
  return new AppError(code, message, [{ field: "Authorization", message }], { "WWW-Authenticate": `Bearer error="invalid_token"` });
}

/**
 * SQL that is true while the token still works (not revoked or expired, its owner enabled, tokens
 * on), for a statement that reads on the token's behalf long after its request was authorized (an
 * open job stream), as sessionSignedIn does for sessions.
 */
export function tokenStillValid(tokenId: string): Prisma.Sql {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM "AccessToken" a JOIN "User" u ON u.id = a."userId"
     WHERE a.id = ${tokenId} AND a."revokedAt" IS NULL AND u."disabledAt" IS NULL
       AND (a."expiresAt" IS NULL OR a."expiresAt" > (now() AT TIME ZONE 'UTC'))
       AND COALESCE((SELECT s."accessTokens" FROM "SiteSettings" s WHERE s.id = ${SETTINGS_ID}), true))`;
}
