import type { Metadata } from "next";
import { Suspense } from "react";
import { ConversationView } from "@/components/chat/conversation-view";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Chat editor" };

// The conversation loads in the browser (TanStack Query), where its turns stream in and its branch
// is chosen from ?turn=<leaf>; the server only checks who is asking.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  return (
    <Suspense>
      <ConversationView key={id} conversationId={id} />
    </Suspense>
  );
}
