"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { TurnEvent } from "@/lib/chat/turn-events";
import { apiErrorOf } from "@/lib/client/api";
import { readNdjson } from "@/lib/client/read-ndjson";
import type { ClientError } from "@/lib/errors";
import type { AlphaV35TurnFormValues } from "@/lib/images/alpha-schemas";
import { replaceSelectedTurn } from "./chat-url";
import { chatKeys, type ConversationDto, type TurnDto } from "./use-conversation";

export type SendStage =
  | { name: "starting" }
  | { name: "queued"; position: number }
  | { name: "generating"; round?: number }
  | { name: "storing" };

/** A turn on its way: what the user sent (shown at once) and where the server stands. */
export type TurnSend = {
  conversationId: string;
  parentTurnId: string | null;
  text: string;
  images: ReferenceImage[];
  startedAt: number;
  stage: SendStage;
};

type SendTurnRequest = {
  conversationId: string;
  parentTurnId: string | null;
  values: AlphaV35TurnFormValues;
  images: ReferenceImage[];
};

/** Whether the server took the turn; a refusal before streaming (a 400, or the 429 of the running limit) comes back for the composer to show. */
export type SendOutcome = { ok: true } | { ok: false; error: ClientError };

type SendTurnContextValue = {
  sendOf: (conversationId: string) => TurnSend | undefined;
  /** A turn that ended without a stored answer reaching this tab (connection lost, server error). */
  problemOf: (conversationId: string) => ClientError | undefined;
  dismissProblem: (conversationId: string) => void;
  send: (request: SendTurnRequest) => Promise<SendOutcome>;
  cancel: (conversationId: string) => void;
};

const SendTurnContext = createContext<SendTurnContextValue | null>(null);

// Sends live above the pages so a turn keeps streaming (and stays cancellable) while the user looks
// at another conversation, and across the move from /chat to /chat/<id> after the first message.
export function SendTurnProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [sends, setSends] = useState<Record<string, TurnSend>>({});
  const [problems, setProblems] = useState<Record<string, ClientError>>({});
  const controllers = useRef(new Map<string, AbortController>());

  const setStage = useCallback((conversationId: string, stage: SendStage) => {
    setSends((current) => {
      const send = Object.hasOwn(current, conversationId) ? current[conversationId] : undefined;
      return send ? { ...current, [conversationId]: { ...send, stage } } : current;
    });
  }, []);

  const settle = useCallback(
    async (conversationId: string, showTurnId: string | null, problem?: ClientError) => {
      if (problem) setProblems((current) => ({ ...current, [conversationId]: problem }));
      replaceSelectedTurn(conversationId, showTurnId);
      // The stored turn replaces the in-flight bubble only once it is on screen, so nothing flickers.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
      ]);
      controllers.current.delete(conversationId);
      setSends(({ [conversationId]: _settled, ...rest }) => rest);
    },
    [queryClient],
  );

  const follow = useCallback(
    async (request: SendTurnRequest, response: Response, controller: AbortController) => {
      const { conversationId, parentTurnId } = request;
      let done: TurnDto | undefined;
      let failure: ClientError | undefined;
      try {
        await readNdjson<TurnEvent>(response, (event) => {
          if (event.type === "queued") setStage(conversationId, { name: "queued", position: event.position });
          if (event.type === "generating") {
            setStage(conversationId, { name: "generating" });
            // The server has stored the turn by now (and titled a new conversation after it).
            void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
          }
          if (event.type === "frame") setStage(conversationId, { name: "generating", round: event.round });
          if (event.type === "storing") setStage(conversationId, { name: "storing" });
          if (event.type === "done") done = event.turn;
          if (event.type === "error") failure = event.error;
        });
        if (!done && !failure) failure = { code: "stream_ended", message: "The connection closed before the turn finished." };
      } catch {
        if (!controller.signal.aborted) failure = { code: "stream_ended", message: "The connection to the studio was lost while the image was generating." };
      }
      if (done) {
        const turn = done;
        queryClient.setQueryData<{ conversation: ConversationDto }>(chatKeys.conversation(conversationId), (data) =>
          data ? { conversation: { ...data.conversation, turns: [...data.conversation.turns.filter((t) => t.id !== turn.id), turn] } } : data,
        );
        await settle(conversationId, turn.id);
        return;
      }
      // Cancelled or broken: the server stored the turn as failed; showing the parent's newest leaf
      // brings it up once the conversation is read again.
      await settle(conversationId, parentTurnId, failure);
    },
    [queryClient, setStage, settle],
  );

  const send = useCallback(
    async (request: SendTurnRequest): Promise<SendOutcome> => {
      const { conversationId, parentTurnId, values, images } = request;
      if (controllers.current.has(conversationId)) {
        return { ok: false, error: { code: "busy", message: "This conversation is still generating; wait for it or cancel it." } };
      }
      const controller = new AbortController();
      controllers.current.set(conversationId, controller);
      setProblems(({ [conversationId]: _dismissed, ...rest }) => rest);
      setSends((current) => ({
        ...current,
        [conversationId]: { conversationId, parentTurnId, text: values.text, images, startedAt: Date.now(), stage: { name: "starting" } },
      }));
      const giveUp = (error: ClientError): SendOutcome => {
        controllers.current.delete(conversationId);
        setSends(({ [conversationId]: _refused, ...rest }) => rest);
        return { ok: false, error };
      };
      let response: Response;
      try {
        response = await fetch(`/api/chat/conversations/${conversationId}/turns`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...values, parentTurnId }),
          signal: controller.signal,
        });
      } catch {
        return giveUp(
          controller.signal.aborted
            ? { code: "aborted", message: "Cancelled before the studio took the message." }
            : { code: "offline", message: "The studio could not be reached. Check the connection and send again." },
        );
      }
      if (!response.ok) return giveUp((await apiErrorOf(response)).error);
      void follow(request, response, controller);
      return { ok: true };
    },
    [follow],
  );

  const value = useMemo<SendTurnContextValue>(
    () => ({
      // Own entries only: the id comes from the address (/chat/<id>), and /chat/constructor must not
      // find Object.prototype's members.
      sendOf: (conversationId) => (Object.hasOwn(sends, conversationId) ? sends[conversationId] : undefined),
      problemOf: (conversationId) => (Object.hasOwn(problems, conversationId) ? problems[conversationId] : undefined),
      dismissProblem: (conversationId) => setProblems(({ [conversationId]: _dismissed, ...rest }) => rest),
      send,
      // The server sees the aborted request and stores the turn as cancelled (app/api/chat/.../turns).
      cancel: (conversationId) => controllers.current.get(conversationId)?.abort(),
    }),
    [sends, problems, send],
  );

  return <SendTurnContext value={value}>{children}</SendTurnContext>;
}

export function useSendTurn(): SendTurnContextValue {
  const context = useContext(SendTurnContext);
  if (!context) throw new Error("useSendTurn needs a SendTurnProvider (components/chat/chat-workspace)");
  return context;
}
