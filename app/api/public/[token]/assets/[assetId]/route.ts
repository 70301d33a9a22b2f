import { assetFileName } from "@/lib/assets/file-name";
import { serveBlob } from "@/lib/assets/serve-asset";
import { publicAsset } from "@/lib/gallery/share-links";
import { route } from "@/lib/http/route";

// No session: the token is the permission. Browsers must ask again each time (the ETag
// makes that cheap), so a revoked or expired link stops showing the file at once.
export const GET = route<{ token: string; assetId: string }>(async (request, { params }) => {
  const asset = await publicAsset(params.token, params.assetId);
  const response = await serveBlob({ ...asset, fileName: assetFileName(asset) }, request);
  response.headers.set("Cache-Control", "private, no-cache");
  return response;
}, { tokens: "read" });
