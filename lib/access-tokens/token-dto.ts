import "server-only";
import type { AccessTokenDto, TokenScope } from "./token-rules";
import { tokenState } from "./token-state";

/** The columns a token's DTO is made of. */
export const tokenSelect = {
  id: true,
  name: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  user: { select: { id: true, name: true, email: true, disabledAt: true } },
} as const;

type TokenRow = {
  id: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  user: { disabledAt: Date | null };
};

export function toAccessTokenDto(row: TokenRow, now: Date): AccessTokenDto {
  return {
    id: row.id,
    name: row.name,
    // Written only from TOKEN_SCOPES (createTokenSchema).
    scopes: row.scopes as TokenScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: tokenState({ ...row, owner: row.user }, now),
  };
}
