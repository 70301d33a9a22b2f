import type { ReactNode } from "react";
import { ChatWorkspace } from "@/components/chat/chat-workspace";
import { requirePageUser } from "@/lib/auth/current-user";

// Shared by /chat and /chat/<id> so the list and a streaming turn survive moving between them.
export default async function ChatLayout({ children }: { children: ReactNode }) {
  await requirePageUser();
  return <ChatWorkspace>{children}</ChatWorkspace>;
}
