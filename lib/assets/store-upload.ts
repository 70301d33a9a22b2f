import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
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
  const asset = await storeImage({
    source: uploadBody(request, limits.maxBytes, () => fileTooLarge(limits.maxBytes)),
    ownerId: user.id,
    teamId: user.activeTeamId,
    kind: "input",
    allowedMimes: limits.mimes,
    maxBytes: limits.maxBytes,
    signal: request.signal,
    // Anyone's file: it must decode before the studio keeps it.
    decode: "before-row",
  });
  return { asset, conversion: conversionOf(asset.convertedFrom, asset.mime) };
}

/**
 * The request's body as a stream. A declared Content-Length over `maxBytes` is refused before a byte
 * is read; a body that runs past the limit anyway (chunked, or lying) is cut off by the store's own
 * `maxBytes` while streaming.
 */
export function uploadBody(request: Request, maxBytes: number, tooLarge: () => AppError): Readable {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) throw new AppError("validation_failed", "The request has no file", [{ field: "file", message: "is required" }]);
  return Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
}

export function conversionOf(from: string | null, to: string): UploadConversion | null {
  if (!from) return null;
  return { from, to, message: `Converted from ${mimeLabel(from)} to ${mimeLabel(to)}` };
}
