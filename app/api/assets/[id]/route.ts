import { z } from "zod";
import { isFullyDecodable } from "@/lib/assets/decodable";
import { assetFileName } from "@/lib/assets/file-name";
import { assetSignature, openAssetForUser, openSignedAsset } from "@/lib/assets/open-asset";
import { serveBlob } from "@/lib/assets/serve-asset";
import { thumbnailFor } from "@/lib/assets/thumbnail-later";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { readQuery, route } from "@/lib/http/route";

// A signed link opens the asset without a session (upstreams fetching references); otherwise the
// signed-in user must be allowed to see it.
const querySchema = z.object({
  variant: z.enum(["thumb"], { error: "variant must be thumb" }).optional(),
  download: z.enum(["1"], { error: "download must be 1" }).optional(),
  // A signed link's expiry (seconds since 1970) and signature (spec 4.2 rule 4, lib/assets/signed-url).
  exp: z.string().regex(/^\d{1,12}$/, "exp must be a time in whole seconds").optional(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "sig must be a link signature").optional(),
  // The video job a signed input link is bound to (lib/videos/input-links).
  job: z.uuid("job must be the id of a video job").optional(),
});

export const GET = route<{ id: string }>(async (request, { params }) => {
  const query = readQuery(request, querySchema);
  const search = new URL(request.url).searchParams;
  const grant = assetSignature(params.id, search);
  const asset = grant ? await openSignedAsset(params.id, grant) : await openAssetForUser(await requireUser(), params.id);
  if (query.variant === "thumb") {
    const thumbnailKey = await thumbnailFor(asset).catch(() => null);
    if (thumbnailKey) return serveBlob({ storageKey: thumbnailKey, mime: "image/webp", fileName: `thumb-${asset.id}.webp` }, request);
    // A result whose thumbnail could not be made (thumbnail-later logs why) is shown whole.
    if (asset.thumbnailKey === null && isFullyDecodable(asset.mime)) return serveBlob({ ...asset, fileName: assetFileName(asset) }, request);
    throw new AppError("not_found", "This asset has no thumbnail");
  }
  return serveBlob({ ...asset, fileName: assetFileName(asset) }, request, { download: query.download === "1" });
}, { tokens: "read" });
