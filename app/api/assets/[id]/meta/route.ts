import { toAssetDto } from "@/lib/assets/asset-dto";
import { openAssetForUser } from "@/lib/assets/open-asset";
import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";

// One asset's description (size, type, links) for a page that was handed its id, e.g. the chat
// editor opened with ?image=<id> from another page. Signed links do not apply here: a user is needed.
export const GET = route<{ id: string }>(async (_request, { params }) => {
  const asset = await openAssetForUser(await requireUser(), params.id);
  return Response.json({ asset: toAssetDto(asset) });
}, { tokens: "read" });
