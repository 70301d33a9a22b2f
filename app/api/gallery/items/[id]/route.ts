import { requireUser } from "@/lib/auth/current-user";
import { deleteItemForUser } from "@/lib/gallery/delete-item";
import { itemDetail } from "@/lib/gallery/item-detail";
import { route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await itemDetail(user, params.id));
}, { tokens: "read" });

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await deleteItemForUser(user, params.id));
}, { tokens: "gallery:manage" });
