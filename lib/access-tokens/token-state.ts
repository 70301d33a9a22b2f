import type { TokenState } from "./token-rules";

/**
 * One rule for the owner's list, the admin's list and authentication. A disabled owner suspends
 * the token rather than revoking it: enabling the account again restores it untouched.
 */
export function tokenState(token: { revokedAt: Date | null; expiresAt: Date | null; owner: { disabledAt: Date | null } }, now: Date): TokenState {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && token.expiresAt <= now) return "expired";
  if (token.owner.disabledAt) return "owner_disabled";
  return "active";
}
