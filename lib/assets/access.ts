import type { CurrentUser } from "@/lib/auth/current-user";

type AssetOwnership = { ownerId: string; teamId: string | null; visibility: "private" | "team" };

// Everything a user makes is private until they share it with their team (issue 7 finding 6).
// Visibility alone decides: a private item is its owner's only, with no bypass for site admins (a
// support need does not make someone's unshared work readable); a team item is also its team's.
// listVisibleAssets (list-assets.ts) states the same rule as a database filter.
export function canViewAsset(user: CurrentUser, asset: AssetOwnership): boolean {
  if (asset.ownerId === user.id) return true;
  return asset.visibility === "team" && asset.teamId !== null && user.teamIds.includes(asset.teamId);
}
