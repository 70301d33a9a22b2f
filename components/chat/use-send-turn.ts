"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { rememberJob } from "@/components/jobs/use-jobs";
import type { ConversationDto } from "@/lib/chat/conversation-dto";
import type { TurnDto } from "@/lib/chat/turn-dto";
import { api, isApiError } from "@/lib/client/api";
import type { ClientError } from "@/lib/error-codes";
import type { JobDto } from "@/lib/jobs/job-dto";
import { chatKeys } from "./chat-queries";
import { replaceSelectedTurn } from "./chat-url";
import type { TurnRequestValues } from "./turn-settings";

type SendTurnRequest = { conversationId: string; parentTurnId: string | null; values: TurnRequestValues };

/** Whether the studio took the turn (with the pending turn), or its refusal (a 400, the 429 of the running limit) for the composer to show. */
export type SendOutcome = { ok: true; turn: TurnDto } | { ok: false; error: ClientError };

const unreachable: ClientError = { code: "offline", message: "The studio could not be reached. Check the connection and send again." };

// A turn runs as a server job: the POST answers 202 with the job and the pending turn,
// which joins the conversation and becomes the shown branch at once. Its progress comes from the
// jobs list (components/jobs), which also re-reads the conversation when it finishes; closing the
// page does not stop it.
export function useSendTurn() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ conversationId, parentTurnId, values }: SendTurnRequest): Promise<SendOutcome> => {
      let started: { job: JobDto; turn: TurnDto };
      try {
        started = await api(`/api/chat/conversations/${encodeURIComponent(conversationId)}/turns`, { method: "POST", json: { ...values, parentTurnId } });
      } catch (error) {
        return { ok: false, error: isApiError(error) ? error.error : unreachable };
      }
      const { job, turn } = started;
      rememberJob(queryClient, job);
      queryClient.setQueryData<{ conversation: ConversationDto }>(chatKeys.conversation(conversationId), (data) =>
        data ? { conversation: { ...data.conversation, turns: [...data.conversation.turns.filter((known) => known.id !== turn.id), turn] } } : data,
      );
      replaceSelectedTurn(conversationId, turn.id);
      // The server titled a new conversation after its first message.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
      return { ok: true, turn };
    },
    [queryClient],
  );
}
