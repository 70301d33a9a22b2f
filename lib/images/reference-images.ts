import "server-only";
import { buffer } from "node:stream/consumers";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { signAssetPath } from "@/lib/assets/signed-url";
import { formatMegabytes, mimeList } from "@/lib/assets/media-labels";
import { env } from "@/lib/env";
import { assetsVisibleTo } from "@/lib/sharing/access";
import { blobStore } from "@/lib/storage";

type ReferenceRule = { field: string; mimes: readonly string[]; maxBytes: number };

// Turns asset ids chosen in a form into assets the upstream may be sent, after checking again — from storage, not from the browser's word — that the user may use
// each image and that its real format and size meet the endpoint's rules.
export async function loadReferenceAssets(user: CurrentUser, assetIds: readonly string[], rule: ReferenceRule) {
  if (assetIds.length === 0) return [];
  const assets = await db.asset.findMany({ where: { AND: [{ id: { in: [...assetIds] } }, assetsVisibleTo(user)] } });
  return assetIds.map((id, index) => {
    const asset = assets.find((a) => a.id === id);
    const field = `${rule.field}.${index}`;
    if (!asset) throw new AppError("validation_failed", `${field}: no such image`, [{ field, message: "no such image" }]);
    if (!rule.mimes.includes(asset.mime)) {
      const message = `must be a ${mimeList(rule.mimes)} image`;
      throw new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);
    }
    if (Number(asset.bytes) > rule.maxBytes) {
      const limit = formatMegabytes(rule.maxBytes);
      throw new AppError("validation_failed", `${field}: must be at most ${limit}`, [{ field, message: `must be at most ${limit}` }]);
    }
    return asset;
  });
}

/**
 * The reference images a job started with, in their order, for the worker that runs it: who may use
 * them and their rules were checked when it started (loadReferenceAssets). One deleted since is
 * named, and the job fails with it.
 */
export async function storedReferenceAssets(assetIds: readonly string[]) {
  if (assetIds.length === 0) return [];
  const assets = await db.asset.findMany({ where: { id: { in: [...assetIds] } } });
  return assetIds.map((id, index) => {
    const asset = assets.find((a) => a.id === id);
    if (!asset) throw new AppError("not_found", `images.${index}: the reference image was deleted`);
    return asset;
  });
}

const SIGNED_LINK_SECONDS = 60 * 60;

// How an image travels to the upstream: when the studio has a public address, as a signed,
// expiring, unauthenticated link (spec 4.2 rule 4: direct links; the request stays small);
// otherwise inline as a base64 data URL (spec 4.1, 4.2 rule 1 accept both).
export async function upstreamImageUrl(asset: { id: string; storageKey: string; mime: string }): Promise<string> {
  const publicUrl = env().STUDIO_PUBLIC_URL;
  if (publicUrl) return new URL(signAssetPath(asset.id, SIGNED_LINK_SECONDS), publicUrl).toString();
  return assetDataUrl(asset);
}

async function assetDataUrl(asset: { storageKey: string; mime: string }): Promise<string> {
  const bytes = await buffer(await blobStore().get(asset.storageKey));
  return `data:${asset.mime};base64,${bytes.toString("base64")}`;
}
