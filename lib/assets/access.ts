import type { CurrentUser } from "@/lib/auth/current-user";

type AssetOwnership = { ownerId: string; teamId: string | null; visibility: "private" | "team" };

// Owner always; teammates when the owner shared it with the team; site admins for support.
export function canViewAsset(user: CurrentUser, asset: AssetOwnership): boolean {
  if (asset.ownerId === user.id || user.role === "admin") return true;
  return asset.visibility === "team" && asset.teamId !== null && user.teamIds.includes(asset.teamId);
}
