// The chat editor's queries: keys and options in one module without "use client", so server pages
// can prefetch under the same keys the browser hooks read.
import { queryOptions } from "@tanstack/react-query";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";
import type { ConversationDto, ConversationSummary } from "@/lib/chat/conversation-dto";
import { api } from "@/lib/client/api";

export const chatKeys = {
  lists: ["chat", "conversations"] as const,
  list: (search: string) => ["chat", "conversations", search] as const,
  conversation: (id: string) => ["chat", "conversation", id] as const,
};

export function conversationsQuery(search: string) {
  const q = search.trim();
  return queryOptions({
    queryKey: chatKeys.list(q),
    queryFn: () => api<{ conversations: ConversationSummary[] }>(`/api/chat/conversations${q ? `?q=${encodeURIComponent(q)}` : ""}`),
    // Thumbnails and images are delivery URLs: refetched before they expire.
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

export function conversationQuery(id: string) {
  return queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: () => api<{ conversation: ConversationDto }>(`/api/chat/conversations/${encodeURIComponent(id)}`),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}
