import { requireUser } from "@/lib/auth/current-user";
import { forkConversation } from "@/lib/chat/fork-conversation";
import { forkConversationSchema } from "@/lib/chat/schemas";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";

// Whoever may read the conversation makes their own copy of it up to `turnId`, to continue.
export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { turnId } = parseOrThrow(forkConversationSchema, await readJson(request));
  const conversation = await forkConversation(user, params.id, turnId);
  return Response.json({ conversation }, { status: 201 });
}, { tokens: "images:generate" });
