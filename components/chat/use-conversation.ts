"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConversationSummary } from "@/lib/chat/conversation-dto";
import type { TurnDto } from "@/lib/chat/turn-dto";
import { api } from "@/lib/client/api";
import { chatKeys, conversationQuery, conversationsQuery } from "./chat-queries";

export type { ConversationSummary, TurnDto };
export { chatKeys };

export function useConversations(search: string) {
  return useQuery({
    ...conversationsQuery(search),
    select: (data) => data.conversations,
    placeholderData: (previous) => previous,
  });
}

/** One conversation with all its turns; a pending turn is settled by its job (components/jobs re-reads the conversation). */
export function useConversation(id: string) {
  return useQuery({ ...conversationQuery(id), select: (data) => data.conversation });
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

/** A conversation the user may read becomes their own, continued from `turnId`. */
export function useForkConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, turnId }: { conversationId: string; turnId: string }) =>
      api<{ conversation: { id: string } }>(`/api/chat/conversations/${encodeURIComponent(conversationId)}/fork`, { method: "POST", json: { turnId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
  });
}
