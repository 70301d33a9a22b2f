import { requireUser } from "@/lib/auth/current-user";
import { deleteConversation, getConversationWithTurns, renameConversation } from "@/lib/chat/conversations";
import { renameConversationSchema } from "@/lib/chat/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json({ conversation: await getConversationWithTurns(user, params.id) });
}, { tokens: "read" });

export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { title } = parseOrThrow(renameConversationSchema, await readJson(request));
  const conversation = await renameConversation(user, params.id, title);
  return Response.json({ conversation: { id: conversation.id, title: conversation.title } });
}, { tokens: "gallery:manage" });

export const DELETE = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  await deleteConversation(user, params.id);
  return new Response(null, { status: 204 });
}, { tokens: "gallery:manage" });
