import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// Unauthenticated, expiring links to one asset, for upstream services that fetch reference images
// by URL (spec 4.2 rule 4: reference URLs should be direct, unauthenticated links).
function signature(assetId: string, expiresAt: number, key: string): string {
  return createHmac("sha256", key).update(`${assetId}.${expiresAt}`).digest("base64url");
}

export function signAssetPath(assetId: string, ttlSeconds: number, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  return `/api/assets/${assetId}?exp=${expiresAt}&sig=${signature(assetId, expiresAt, env().ASSET_SIGNING_KEY)}`;
}

export function verifyAssetSignature(assetId: string, exp: string | null, sig: string | null, now = Date.now()): boolean {
  if (!exp || !sig || !/^\d+$/.test(exp)) return false;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 < now) return false;
  const expected = Buffer.from(signature(assetId, expiresAt, env().ASSET_SIGNING_KEY));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
