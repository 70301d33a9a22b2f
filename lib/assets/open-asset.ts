import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { assetsVisibleTo } from "@/lib/sharing/access";
import { inputLinksOpen } from "./input-link-phase";
import { verifyAssetSignature, type AssetGrant } from "./signed-url";

/** An asset as `user` may see it; anything else is "no such asset", so ids reveal nothing. */
export async function openAssetForUser(user: CurrentUser, assetId: string) {
  const asset = await db.asset.findFirst({ where: { AND: [{ id: assetId }, assetsVisibleTo(user)] } });
  if (!asset) throw new AppError("not_found", "No such asset");
  return asset;
}

/** What the query's signed link grants for this asset, if it carries a valid, unexpired one (spec 4.2 rule 4). */
export function assetSignature(assetId: string, search: URLSearchParams): AssetGrant {
  return verifyAssetSignature(assetId, { exp: search.get("exp"), sig: search.get("sig"), job: search.get("job") });
}

/**
 * An asset by its signed link, for upstream services fetching inputs without a session; a video
 * input's link stops opening once its job is past fetching them, like an unknown asset.
 */
export async function openSignedAsset(assetId: string, grant: NonNullable<AssetGrant>) {
  if (grant.videoJobId !== null && !(await inputLinksOpen(grant.videoJobId))) throw new AppError("not_found", "No such asset");
  const asset = await db.asset.findUnique({ where: { id: assetId } });
  if (!asset) throw new AppError("not_found", "No such asset");
  return asset;
}
