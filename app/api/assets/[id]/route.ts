import { assetFileQuerySchema } from "@/lib/assets/asset-queries";
import { isFullyDecodable } from "@/lib/assets/decodable";
import { assetFileName } from "@/lib/assets/file-name";
import { assetSignature, openAssetForUser, openSignedAsset } from "@/lib/assets/open-asset";
import { serveBlob } from "@/lib/assets/serve-asset";
import { thumbnailFor } from "@/lib/assets/asset-thumbnail";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { readQuery, route } from "@/lib/http/route";

// A signed link opens the asset without a session (assetFileQuerySchema says how).
export const GET = route<{ id: string }>(async (request, { params }) => {
  const query = readQuery(request, assetFileQuerySchema);
  const search = new URL(request.url).searchParams;
  const grant = assetSignature(params.id, search);
  const asset = grant ? await openSignedAsset(params.id, grant) : await openAssetForUser(await requireUser(), params.id);
  if (query.variant === "thumb") {
    const thumbnailKey = await thumbnailFor(asset).catch(() => null);
    if (thumbnailKey) return serveBlob({ storageKey: thumbnailKey, mime: "image/webp", fileName: `thumb-${asset.id}.webp` }, request);
    // A result whose thumbnail could not be made (the thumbnail queue logs why) is shown whole.
    if (asset.thumbnailKey === null && isFullyDecodable(asset.mime)) return serveBlob({ ...asset, fileName: assetFileName(asset) }, request);
    throw new AppError("not_found", "This asset has no thumbnail");
  }
  return serveBlob({ ...asset, fileName: assetFileName(asset) }, request, { download: query.download === "1" });
}, { tokens: "read" });
