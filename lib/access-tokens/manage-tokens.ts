import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { siteSettings } from "@/lib/auth/site-settings";
import type { SessionUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { toAccessTokenDto, tokenSelect } from "./token-dto";
import { type AccessTokenDto, TOKENS_OFF_MESSAGE } from "./token-rules";
import type { CreateTokenValues } from "./token-schemas";
import { newTokenSecret, tokenHash } from "./token-secret";

/** Tokens one person may hold that are not revoked; each is a way into their account. */
export const TOKENS_PER_USER_MAX = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a token for the signed-in person (never for a token: SessionUser) and answers its secret,
 * the only time it is ever shown. Refused while an admin has turned tokens off, and without an
 * expiry unless an admin allows that.
 */
export async function createAccessToken(user: SessionUser, values: CreateTokenValues): Promise<AccessTokenDto & { secret: string }> {
  const secret = newTokenSecret();
  const row = await db.$transaction(async (tx) => {
    const settings = await siteSettings(tx);
    if (!settings.accessTokens) throw new AppError("forbidden", TOKENS_OFF_MESSAGE);
    if (values.expiresInDays === null && !settings.accessTokensWithoutExpiry) {
      const message = "A token must expire: an admin of this studio has not allowed tokens without expiry";
      throw new AppError("validation_failed", message, [{ field: "expiresInDays", message: "must be a number of days from 1 to 365" }]);
    }
    const held = await tx.accessToken.count({ where: { userId: user.id, revokedAt: null } });
    if (held >= TOKENS_PER_USER_MAX) {
      throw new AppError("conflict", `You hold ${TOKENS_PER_USER_MAX} tokens already: revoke one you no longer use first`);
    }
    const created = await tx.accessToken.create({
      data: {
        userId: user.id,
        name: values.name,
        scopes: values.scopes,
        tokenHash: tokenHash(secret),
        expiresAt: values.expiresInDays === null ? null : new Date(Date.now() + values.expiresInDays * DAY_MS),
      },
      select: tokenSelect,
    });
    await recordAudit(tx, { actor: user, action: "access_token.created", target: created.id, details: { scopes: values.scopes } });
    return created;
  });
  return { ...toAccessTokenDto(row, new Date()), secret };
}

/** The person's tokens, newest first, revoked ones included (they show when a token stopped). */
export async function listOwnAccessTokens(user: Pick<SessionUser, "id">): Promise<AccessTokenDto[]> {
  const rows = await db.accessToken.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: tokenSelect });
  const now = new Date();
  return rows.map((row) => toAccessTokenDto(row, now));
}

/** Revokes one of the person's own tokens; another person's is not found. Revoking twice changes nothing. */
export async function revokeOwnAccessToken(user: SessionUser, tokenId: string): Promise<AccessTokenDto> {
  return db.$transaction(async (tx) => {
    const token = await tx.accessToken.findFirst({ where: { id: tokenId, userId: user.id }, select: { revokedAt: true } });
    if (!token) throw new AppError("not_found", "You have no token with this id", [{ field: "id", message: "must be the id of one of your tokens" }]);
    const row = await tx.accessToken.update({ where: { id: tokenId }, data: { revokedAt: token.revokedAt ?? new Date() }, select: tokenSelect });
    if (!token.revokedAt) await recordAudit(tx, { actor: user, action: "access_token.revoked", target: tokenId });
    return toAccessTokenDto(row, new Date());
  });
}
