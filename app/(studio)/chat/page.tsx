import type { Metadata } from "next";
import { NewConversationView } from "@/components/chat/new-conversation-view";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Chat editor" };

export default async function Page() {
  await requirePageUser();
  return <NewConversationView />;
}
