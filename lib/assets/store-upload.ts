import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { assertStorageRoom } from "@/lib/storage-quota/enforce-quota";
import type { StorageOwner } from "@/lib/storage-quota/storage-use";
import { mimeLabel } from "./media-labels";
import { fileTooLarge, storeImage } from "./store-image";
import { uploadPurposes, type UploadPurpose } from "./upload-limits";

/** What the studio did to an upload so that it can be used, in words for the designer. */
type UploadConversion = { from: string; to: string; message: string };

/**
 * A raw-body image upload (the file is the body), streamed to the blob store within its purpose's
 * limits. An HEIC/HEIF comes back converted (store-image.ts), and `conversion` says so. Video inputs
 * (purpose "video") have their own store, lib/videos/store-video-input.
 */
export async function storeUpload(user: CurrentUser, purpose: Exclude<UploadPurpose, "video">, request: Request) {
  const limits = uploadPurposes[purpose];
  const owner = uploadOwner(user);
  const source = uploadBody(request, limits.maxBytes, () => fileTooLarge(limits.maxBytes));
  await assertUploadFits(owner, request);
  const asset = await storeImage({
    source,
    ...owner,
    kind: "input",
    allowedMimes: limits.mimes,
    maxBytes: limits.maxBytes,
    signal: request.signal,
    // Anyone's file: it must decode before the studio keeps it.
    decode: "before-row",
    withinQuota: true,
  });
  return { asset, conversion: conversionOf(asset.convertedFrom, asset.mime) };
}

/** Uploads count against the uploader and the team they work in now. */
export function uploadOwner(user: CurrentUser): StorageOwner {
  return { ownerId: user.id, teamId: user.activeTeamId };
}

/**
 * Before a byte of the body is read: the size it declares (a browser always sends its file's) must
 * fit the uploader's and the team's storage quotas; a body that declares none needs room left. The
 * stored file is checked again, exactly, when its row is created (createAssetWithinQuota): a body
 * that declared less than it sent, or a conversion larger than the upload, is refused there and its
 * bytes removed.
 */
export function assertUploadFits(owner: StorageOwner, request: Request): Promise<void> {
  return assertStorageRoom(owner, Math.max(declaredLength(request), 1), { field: "file" });
}

function declaredLength(request: Request): number {
  return Number(request.headers.get("content-length") ?? 0) || 0;
}

/**
 * The request's body as a stream. A declared Content-Length over `maxBytes` is refused before a byte
 * is read; a body that runs past the limit anyway (chunked, or lying) is cut off by the store's own
 * `maxBytes` while streaming.
 */
export function uploadBody(request: Request, maxBytes: number, tooLarge: () => AppError): Readable {
  if (declaredLength(request) > maxBytes) throw tooLarge();
  if (!request.body) throw new AppError("validation_failed", "The request has no file", [{ field: "file", message: "is required" }]);
  return Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
}

export function conversionOf(from: string | null, to: string): UploadConversion | null {
  if (!from) return null;
  return { from, to, message: `Converted from ${mimeLabel(from)} to ${mimeLabel(to)}` };
}
