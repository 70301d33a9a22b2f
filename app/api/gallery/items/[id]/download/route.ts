import { requireUser } from "@/lib/auth/current-user";
import { downloadItem } from "@/lib/gallery/item-download";
import { route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  return downloadItem(user, params.id, request);
}, { tokens: "read" });
