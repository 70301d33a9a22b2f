import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { chatKeys } from "@/components/chat/chat-queries";
import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { requirePageUser } from "@/lib/auth/current-user";
import { listConversations } from "@/lib/chat/conversations";

// Shared by /chat and /chat/<id> so the list survives moving between them. The
// list is read here so it is on the first paint.
export default async function ChatLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const queryClient = new QueryClient();
  queryClient.setQueryData(chatKeys.list(""), { conversations: await listConversations(user) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ChatWorkspace>{children}</ChatWorkspace>
    </HydrationBoundary>
  );
}
