import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { toAccessTokenDto, tokenSelect } from "./token-dto";
import type { AdminAccessTokenDto } from "./token-rules";

/** Tokens the admin's list shows at most, newest first. */
export const ADMIN_TOKENS_SHOWN = 200;

/** GET /api/admin/tokens: every person's tokens, newest first, whatever their state. */
export async function listAllAccessTokens(): Promise<AdminAccessTokenDto[]> {
  const rows = await db.accessToken.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: ADMIN_TOKENS_SHOWN, select: tokenSelect });
  const now = new Date();
  return rows.map((row) => ({ ...toAccessTokenDto(row, now), owner: { id: row.user.id, name: row.user.name, email: row.user.email } }));
}

/** A site admin revokes anyone's token; on record like every admin action. */
export async function revokeAnyAccessToken(admin: CurrentUser, tokenId: string): Promise<AdminAccessTokenDto> {
  return db.$transaction(async (tx) => {
    const token = await tx.accessToken.findUnique({ where: { id: tokenId }, select: { revokedAt: true, userId: true } });
    if (!token) throw new AppError("not_found", "No token with this id", [{ field: "id", message: "must be the id of a token" }]);
    const row = await tx.accessToken.update({ where: { id: tokenId }, data: { revokedAt: token.revokedAt ?? new Date() }, select: tokenSelect });
    if (!token.revokedAt) await recordAudit(tx, { actor: admin, action: "access_token.revoked", target: tokenId, details: { ownerId: token.userId } });
    return { ...toAccessTokenDto(row, new Date()), owner: { id: row.user.id, name: row.user.name, email: row.user.email } };
  });
}
