import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { chatKeys } from "@/components/chat/chat-queries";
import { ConversationView } from "@/components/chat/conversation-view";
import { ThreadEndScript } from "@/components/chat/thread-end-script";
import { requirePageUser } from "@/lib/auth/current-user";
import { getConversationWithTurns } from "@/lib/chat/conversations";
import { isAppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Chat editor" };

// The conversation is read here and handed to the browser's cache, so the first paint shows it;
// the browser then keeps it current (turns settled by their jobs, ?turn=<leaf> branch choice). A teammate's
// conversation shared with the user opens read-only; one the user cannot see is left to the
// view, which says so.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const queryClient = new QueryClient();
  try {
    queryClient.setQueryData(chatKeys.conversation(id), { conversation: await getConversationWithTurns(user, id) });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ConversationView key={id} conversationId={id} />
      <ThreadEndScript nonce={nonce} />
    </HydrationBoundary>
  );
}
