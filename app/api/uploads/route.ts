import { z } from "zod";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { storeUpload } from "@/lib/assets/store-upload";
import { UPLOAD_BODY_TYPES, uploadPurposeSchema } from "@/lib/assets/upload-limits";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";

const querySchema = z.object({ purpose: uploadPurposeSchema });

// Raw-body upload (the file is the body); limits depend on `purpose`. route() refuses a body whose
// Content-Type is not an image type or application/octet-stream (415 naming Content-Type). The body
// streams to storage: proxy.ts's matcher leaves this path out, so Next never buffers or truncates it
// (its proxy clones bodies only for the paths it runs on, and cuts them at 10 MB).
// `conversion` is null, or what the studio did to make the file usable ("Converted from HEIC to JPEG ...").
export const POST = route(async (request) => {
  const user = await requireUser();
  const { purpose } = readQuery(request, querySchema);
  const { asset, conversion } = await storeUpload(user, purpose, request);
  return Response.json({ asset: toAssetDto(asset), conversion }, { status: 201 });
}, { accepts: UPLOAD_BODY_TYPES });
