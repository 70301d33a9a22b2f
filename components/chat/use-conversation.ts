"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConversationDto, ConversationSummary } from "@/lib/chat/conversation-dto";
import type { TurnDto } from "@/lib/chat/turn-dto";
import { api } from "@/lib/client/api";
import { chatKeys, conversationQuery, conversationsQuery } from "./chat-queries";

export type { ConversationDto, ConversationSummary, TurnDto };
export { chatKeys };

/** How often a conversation with an unfinished turn (sent from another tab, or interrupted) is re-read. */
const PENDING_POLL_MS = 1500;

export function useConversations(search: string) {
  return useQuery({
    ...conversationsQuery(search),
    select: (data) => data.conversations,
    placeholderData: (previous) => previous,
  });
}

/**
 * One conversation with all its turns. `watchPending`: poll while the server holds a pending turn
 * this tab is not streaming itself, so the turn settles on screen without a reload.
 */
export function useConversation(id: string, { watchPending }: { watchPending: boolean }) {
  return useQuery({
    ...conversationQuery(id),
    select: (data) => data.conversation,
    refetchInterval: (query) =>
      watchPending && query.state.data?.conversation.turns.some((turn) => turn.status === "pending") ? PENDING_POLL_MS : false,
  });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ conversation: { id: string; title: string } }>("/api/chat/conversations", { method: "POST", json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
  });
}

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api<{ conversation: { id: string; title: string } }>(`/api/chat/conversations/${id}`, { method: "PATCH", json: { title } }),
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
        queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) }),
      ]),
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/chat/conversations/${id}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.conversation(id) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}
