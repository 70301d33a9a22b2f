import { z } from "zod";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { storeUpload } from "@/lib/assets/store-upload";
import { UPLOAD_BODY_TYPES, uploadPurposeSchema } from "@/lib/assets/upload-limits";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";

const querySchema = z.object({ purpose: uploadPurposeSchema });

// Raw-body upload (the file is the body); limits depend on `purpose`. route() refuses a body whose
// Content-Type is not an image type or application/octet-stream (415 naming Content-Type).
export const POST = route(async (request) => {
  const user = await requireUser();
  const { purpose } = readQuery(request, querySchema);
  const asset = await storeUpload(user, purpose, request);
  return Response.json({ asset: toAssetDto(asset) }, { status: 201 });
}, { accepts: UPLOAD_BODY_TYPES });
