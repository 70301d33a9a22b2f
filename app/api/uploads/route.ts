import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { storeImage } from "@/lib/assets/store-image";
import { isUploadPurpose, UPLOAD_BODY_TYPES, uploadPurposes } from "@/lib/assets/upload-limits";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

// Raw-body upload (the file is the body), streamed to the blob store; limits depend on `purpose`.
export const POST = route(async (request) => {
  const user = await requireUser();
  const purpose = new URL(request.url).searchParams.get("purpose");
  if (!isUploadPurpose(purpose)) {
    throw new AppError("validation_failed", "purpose must be one of alpha-v3, alpha-v35, beta", [
      { field: "purpose", message: "must be one of alpha-v3, alpha-v35, beta" },
    ]);
  }
  if (!request.body) throw new AppError("validation_failed", "The request has no file", [{ field: "file", message: "is required" }]);
  const limits = uploadPurposes[purpose];
  const asset = await storeImage({
    source: Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
    ownerId: user.id,
    teamId: user.teamIds[0] ?? null,
    kind: "input",
    allowedMimes: limits.mimes,
    maxBytes: limits.maxBytes,
    signal: request.signal,
  });
  return Response.json({ asset: toAssetDto(asset) }, { status: 201 });
}, { accepts: UPLOAD_BODY_TYPES });
