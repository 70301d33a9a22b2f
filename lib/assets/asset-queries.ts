// The query strings of the asset routes, shared by their handlers and the API's document (lib/openapi).
import { z } from "zod";
import { ASSET_MIMES } from "./file-name";

const commaList = z.string().transform((value) => value.split(","));

/** GET /api/assets: one page of the assets the user may see. */
export const assetListQuerySchema = z.object({
  kind: commaList.default(["image", "input"]).pipe(z.array(z.enum(["image", "layer", "video", "input"], { error: "kind must be image, layer, video or input" }))),
  // Only assets of these types (the asset picker asks for what its form accepts).
  mime: commaList.pipe(z.array(z.enum(ASSET_MIMES, { error: `must be one of ${ASSET_MIMES.join(", ")}` }))).optional(),
  cursor: z.string().uuid("cursor must be an asset id").optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * GET /api/assets/[id]: a signed link opens the asset without a session (upstreams fetching
 * references); otherwise the signed-in user must be allowed to see it.
 */
export const assetFileQuerySchema = z.object({
  variant: z.enum(["thumb"], { error: "variant must be thumb" }).optional(),
  download: z.enum(["1"], { error: "download must be 1" }).optional(),
  // A signed link's expiry (seconds since 1970) and signature (spec 4.2 rule 4, lib/assets/signed-url).
  exp: z.string().regex(/^\d{1,12}$/, "exp must be a time in whole seconds").optional(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "sig must be a link signature").optional(),
  // The video job a signed input link is bound to (lib/videos/input-links).
  job: z.uuid("job must be the id of a video job").optional(),
});

/** What a delivery URL opens: the file shown inline, its thumbnail, or the file as a download. */
export const DELIVERY_VARIANTS = ["file", "thumb", "download"] as const;
export type DeliveryVariant = (typeof DELIVERY_VARIANTS)[number];

/**
 * GET /api/delivery/[id]: a delivery URL minted where access was checked (lib/assets/delivery-url).
 * The formats only keep hostile text out; the signature decides what opens.
 */
export const deliveryQuerySchema = z.object({
  v: z.enum(DELIVERY_VARIANTS, { error: `v must be one of ${DELIVERY_VARIANTS.join(", ")}` }),
  k: z.string().regex(/^[0-9a-f]{64}$/, "k must be a stored file's key"),
  m: z.enum(ASSET_MIMES, { error: `m must be one of ${ASSET_MIMES.join(", ")}` }),
  n: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "n must be a file name of letters, digits, dots, dashes or underscores"),
  e: z.string().regex(/^\d{1,12}$/, "e must be a time in whole seconds"),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "s must be a delivery signature"),
});
