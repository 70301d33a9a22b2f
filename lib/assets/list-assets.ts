import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { assetsSharedWith } from "@/lib/sharing/access";
import { toAssetDto } from "./asset-dto";

type AssetKind = "image" | "layer" | "video" | "input";

// Images a user may pick as references: their own, and what teammates shared with the team. `mimes`
// filters in the query, so a page is full of matches however many other types lie in between.
export async function listVisibleAssets(user: CurrentUser, options: { kinds: AssetKind[]; mimes?: string[]; cursor?: string; limit?: number }) {
  const limit = Math.min(options.limit ?? 40, 100);
  const rows = await db.asset.findMany({
    where: {
      kind: { in: options.kinds },
      ...(options.mimes ? { mime: { in: options.mimes } } : {}),
      ...assetsSharedWith(user),
      // A chat turn keeps the model's intermediate image beside its answer for replays; it is not a second pick.
      NOT: { turnId: { not: null }, position: { gt: 0 } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
  });
  return { items: rows.slice(0, limit).map(toAssetDto), nextCursor: rows.length > limit ? rows[limit - 1].id : null };
}
