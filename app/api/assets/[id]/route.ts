import { assetFileName } from "@/lib/assets/file-name";
import { openAsset } from "@/lib/assets/open-asset";
import { serveBlob } from "@/lib/assets/serve-asset";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (request, { params }) => {
  const search = new URL(request.url).searchParams;
  const asset = await openAsset(params.id, search);
  if (search.get("variant") === "thumb") {
    if (!asset.thumbnailKey) throw new AppError("not_found", "This asset has no thumbnail");
    return serveBlob({ storageKey: asset.thumbnailKey, mime: "image/webp", fileName: `thumb-${asset.id}.webp` }, request);
  }
  return serveBlob({ ...asset, fileName: assetFileName(asset) }, request, { download: search.get("download") === "1" });
});
