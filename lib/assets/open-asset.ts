import "server-only";
import { currentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { canViewAsset } from "./access";
import { verifyAssetSignature } from "./signed-url";

// An asset may be opened by a signed-in user allowed to see it, or by anyone holding a valid,
// unexpired signed link (for upstream services fetching reference images).
export async function openAsset(assetId: string, search: URLSearchParams) {
  const asset = await db.asset.findUnique({ where: { id: assetId } });
  const signed = verifyAssetSignature(assetId, search.get("exp"), search.get("sig"));
  if (!signed) {
    const user = await currentUser();
    if (!user) throw new AppError("unauthorized", "Sign in to continue");
    if (!asset || !canViewAsset(user, asset)) throw new AppError("not_found", "No such asset");
  }
  if (!asset) throw new AppError("not_found", "No such asset");
  return asset;
}
