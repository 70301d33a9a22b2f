import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { assetsVisibleTo } from "@/lib/sharing/access";
import { verifyAssetSignature } from "./signed-url";

/** An asset as `user` may see it; anything else is "no such asset", so ids reveal nothing. */
export async function openAssetForUser(user: CurrentUser, assetId: string) {
  const asset = await db.asset.findFirst({ where: { AND: [{ id: assetId }, assetsVisibleTo(user)] } });
  if (!asset) throw new AppError("not_found", "No such asset");
  return asset;
}

/** Whether the query carries a valid, unexpired signed link for this asset (spec 4.2 rule 4). */
export function hasAssetSignature(assetId: string, search: URLSearchParams): boolean {
  return verifyAssetSignature(assetId, search.get("exp"), search.get("sig"));
}

/** An asset by its signed link, for upstream services fetching reference images without a session. */
export async function openSignedAsset(assetId: string) {
  const asset = await db.asset.findUnique({ where: { id: assetId } });
  if (!asset) throw new AppError("not_found", "No such asset");
  return asset;
}
