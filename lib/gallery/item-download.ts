import "server-only";
import { assetFileName } from "@/lib/assets/file-name";
import { serveBlob } from "@/lib/assets/serve-asset";
import type { CurrentUser } from "@/lib/auth/types";
import { AppError } from "@/lib/errors";
import { linkedAssets } from "./item-outputs";
import { openItemForUser } from "./open-item";
import { folderName, zipFilesOf, zipResponse } from "./zip-download";

/**
 * GET /api/gallery/items/[id]/download: a single image or video is the file itself; a set or a
 * conversation is a streamed ZIP of its outputs.
 */
export async function downloadItem(user: CurrentUser, id: string, request: Request): Promise<Response> {
  const item = await openItemForUser(user, id);
  if (item.kind === "image" || item.kind === "video") {
    const outputs = (await linkedAssets([id], true)).get(id) ?? [];
    const file = outputs.find((asset) => asset.kind === item.kind) ?? outputs[0];
    if (!file) throw new AppError("not_found", "This entry has no file to download");
    return serveBlob({ ...file, fileName: assetFileName(file) }, request, { download: true });
  }
  return zipResponse(await zipFilesOf([item]), `${folderName(item)}.zip`);
}
