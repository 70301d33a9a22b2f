import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// Unauthenticated, expiring links to one asset, for upstream services that fetch reference images
// by URL (spec 4.2 rule 4: reference URLs should be direct, unauthenticated links). A link may also
// name a video job: it then opens the asset only while that job may still fetch its inputs
// (lib/videos/input-links.ts), so it dies with the job rather than at its expiry alone.
function signature(payload: string, key: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

function payloadOf(assetId: string, expiresAt: number, videoJobId: string | null): string {
  return videoJobId === null ? `${assetId}.${expiresAt}` : `${assetId}.${expiresAt}.${videoJobId}`;
}

export function signAssetPath(assetId: string, ttlSeconds: number, now = Date.now(), videoJobId: string | null = null): string {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  const sig = signature(payloadOf(assetId, expiresAt, videoJobId), env().ASSET_SIGNING_KEY);
  return `/api/assets/${assetId}?exp=${expiresAt}${videoJobId === null ? "" : `&job=${videoJobId}`}&sig=${sig}`;
}

/** What a signed link grants: nothing (null), or the asset, while the video job it names (if any) may fetch it. */
export type AssetGrant = { videoJobId: string | null } | null;

export function verifyAssetSignature(assetId: string, query: { exp: string | null; sig: string | null; job?: string | null }, now = Date.now()): AssetGrant {
  const { exp, sig } = query;
  const videoJobId = query.job ?? null;
  if (!exp || !sig || !/^\d+$/.test(exp)) return null;
  const expiresAt = Number(exp);
  if (expiresAt * 1000 < now) return null;
  const expected = Buffer.from(signature(payloadOf(assetId, expiresAt, videoJobId), env().ASSET_SIGNING_KEY));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { videoJobId } : null;
}

// A studio asset link with a query (a signed link, absolute or not): what browsers must never be
// handed, since a signature opens the asset to anyone holding it, whatever the gallery's rules say.
const SIGNED_ASSET_LINK = /(?:https?:\/\/[^\s"'<>/]+)?\/api\/assets\/([A-Za-z0-9-]+)\?[^\s"'<>]*/g;

/**
 * `value` (JSON from an upstream: an echo, a message) with every studio asset link reduced to the
 * studio's own address, `/api/assets/<id>`, which opens only for those the gallery lets see it.
 */
export function withoutSignedLinks<T>(value: T): T {
  if (typeof value === "string") return value.replace(SIGNED_ASSET_LINK, (_link, id: string) => `/api/assets/${id}`) as T;
  if (Array.isArray(value)) return value.map((each: unknown) => withoutSignedLinks(each)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, withoutSignedLinks(each)])) as T;
  return value;
}
