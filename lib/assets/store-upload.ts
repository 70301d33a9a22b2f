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
 * A raw-body upload (the file is the body), streamed to the blob store within its purpose's limits.
 * A declared Content-Length over the limit is refused before a byte is read; a body that runs past
 * the limit anyway (chunked, or lying) is cut off at the limit while streaming. An HEIC/HEIF comes
 * back converted (store-image.ts), and `conversion` says so.
 */
export async function storeUpload(user: CurrentUser, purpose: UploadPurpose, request: Request) {
  const limits = uploadPurposes[purpose];
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  if (!request.body) throw new AppError("validation_failed", "The request has no file", [{ field: "file", message: "is required" }]);
  const asset = await storeImage({
    source: Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
    ownerId: user.id,
    teamId: user.teamIds[0] ?? null,
    kind: "input",
    allowedMimes: limits.mimes,
    maxBytes: limits.maxBytes,
    signal: request.signal,
    // Anyone's file: it must decode before the studio keeps it.
    decode: "before-row",
  });
  return { asset, conversion: conversionOf(asset.convertedFrom, asset.mime) };
}

function conversionOf(from: string | null, to: string): UploadConversion | null {
  if (!from) return null;
  return { from, to, message: `Converted from ${mimeLabel(from)} to ${mimeLabel(to)}` };
}
