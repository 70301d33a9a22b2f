import type { TokenScope } from "@/lib/access-tokens/token-rules";

/** Routes that never act for a token: the account, its password, sessions and tokens, admin, sign-in. */
export const TOKENS_REFUSED = "refused";

/**
 * What a route does with a personal access token: the scope it needs, a list of scopes any one of
 * which will do (uploads serve image and video work alike), or TOKENS_REFUSED.
 */
export type TokenPolicy = TokenScope | readonly [TokenScope, ...TokenScope[]] | typeof TOKENS_REFUSED;

export function tokenScopesOf(policy: Exclude<TokenPolicy, typeof TOKENS_REFUSED>): readonly TokenScope[] {
  return typeof policy === "string" ? [policy] : policy;
}

/**
 * The secret of an `Authorization: Bearer …` header; undefined without one (another scheme is not a
 * token either, and is left to the route). An empty Bearer is "" so that it is refused as invalid.
 */
export function bearerSecret(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header?.match(/^\s*Bearer(?:\s+(.*))?$/i);
  return match ? (match[1] ?? "").trim() : undefined;
}
