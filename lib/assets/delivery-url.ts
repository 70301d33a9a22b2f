import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { DELIVERY_VARIANTS, type DeliveryVariant } from "./asset-queries";
import { DELIVERY_REFRESH_MS, DELIVERY_URL_TTL_SECONDS } from "./delivery-lifetime";

/** Everything the byte path needs, carried in the URL and covered by its signature: it reads no database. */
export type DeliveryTarget = { assetId: string; variant: DeliveryVariant; storageKey: string; mime: string; fileName: string };

/** The query of a delivery URL, as the route reads it (names kept short: gallery pages list hundreds). */
export type DeliveryQuery = { v: string; k: string; m: string; n: string; e: string; s: string };

// A JSON array, so that no field's text can shift the boundary between two fields.
function signature(target: DeliveryTarget, expiresAt: number): string {
  const payload = JSON.stringify(["delivery", target.assetId, target.variant, target.storageKey, target.mime, target.fileName, expiresAt]);
  return createHmac("sha256", env().ASSET_SIGNING_KEY).update(payload).digest("base64url");
}

/**
 * The expiry (seconds since 1970) of a URL minted at `now`: counted from the start of the current
 * refresh window, so every page load in a window gets the same URL and the browser's cache holds;
 * a URL then has between TTL - refresh and TTL left, and pages refetch every refresh interval.
 */
export function deliveryExpiry(now = Date.now()): number {
  const windowStart = Math.floor(now / DELIVERY_REFRESH_MS) * DELIVERY_REFRESH_MS;
  return windowStart / 1000 + DELIVERY_URL_TTL_SECONDS;
}

export function signDeliveryPath(target: DeliveryTarget, now = Date.now()): string {
  const expiresAt = deliveryExpiry(now);
  const query = new URLSearchParams({
    v: target.variant,
    k: target.storageKey,
    m: target.mime,
    n: target.fileName,
    e: String(expiresAt),
    s: signature(target, expiresAt),
  });
  return `/api/delivery/${target.assetId}?${query}`;
}

/** The file a delivery URL opens, or null when it is forged, altered, for another asset or expired. */
export function verifyDelivery(assetId: string, query: DeliveryQuery, now = Date.now()): DeliveryTarget | null {
  if (!(DELIVERY_VARIANTS as readonly string[]).includes(query.v) || !/^\d{1,12}$/.test(query.e)) return null;
  const expiresAt = Number(query.e);
  if (expiresAt * 1000 <= now) return null;
  const target: DeliveryTarget = { assetId, variant: query.v as DeliveryVariant, storageKey: query.k, mime: query.m, fileName: query.n };
  const expected = Buffer.from(signature(target, expiresAt));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : null;
}
