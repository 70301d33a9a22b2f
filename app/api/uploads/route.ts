import { toAssetDto } from "@/lib/assets/asset-dto";
import { storeUpload } from "@/lib/assets/store-upload";
import { UPLOAD_BODY_TYPES, uploadQuerySchema } from "@/lib/assets/upload-limits";
import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { storeVideoInput } from "@/lib/videos/store-video-input";

// Raw-body upload (the file is the body); limits depend on `purpose`. route() refuses a body whose
// Content-Type is not a media type of some purpose or application/octet-stream (415 naming
// Content-Type); the type is only a hint, the bytes decide. The body streams to storage: proxy.ts's
// matcher leaves this path out, so Next never buffers or truncates it (its proxy clones bodies only
// for the paths it runs on, and cuts them at 10 MB). `conversion` is null, or what the studio did to
// make the file usable ("Converted from HEIC to JPEG ..."). Video inputs (spec 4.4.1: images, clips,
// sounds) have their own store, whose refusals name the file by `name`.
export const POST = route(async (request) => {
  const user = await requireUser();
  const { purpose, name } = readQuery(request, uploadQuerySchema);
  const { asset, conversion } = purpose === "video" ? await storeVideoInput(user, request, name) : await storeUpload(user, purpose, request);
  return Response.json({ asset: toAssetDto(asset), conversion }, { status: 201 });
}, { tokens: ["images:generate", "videos:generate"], accepts: UPLOAD_BODY_TYPES });
