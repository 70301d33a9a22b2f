import type { Metadata } from "next";
import { Suspense } from "react";
import { NewConversationView } from "@/components/chat/new-conversation-view";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Chat editor" };

export default async function Page() {
  await requirePageUser();
  return (
    <Suspense>
      <NewConversationView />
    </Suspense>
  );
}
