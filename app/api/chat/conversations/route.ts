import { requireUser } from "@/lib/auth/current-user";
import { createConversation, listConversations } from "@/lib/chat/conversations";
import { createConversationSchema, listConversationsQuerySchema } from "@/lib/chat/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, readQuery, route } from "@/lib/http/route";

export const GET = route(async (request) => {
  const user = await requireUser();
  const { q } = readQuery(request, listConversationsQuerySchema);
  return Response.json({ conversations: await listConversations(user, q) });
}, { tokens: "read" });

export const POST = route(async (request) => {
  const user = await requireUser();
  const { title } = parseOrThrow(createConversationSchema, await readJson(request));
  const conversation = await createConversation(user, title);
  return Response.json({ conversation: { id: conversation.id, title: conversation.title } }, { status: 201 });
}, { tokens: "images:generate" });
