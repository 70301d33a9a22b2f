"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { isApiError } from "@/lib/client/api";
import { ChatPanel } from "./chat-panel";
import { ChatThread } from "./chat-thread";
import { replaceSelectedTurn } from "./chat-url";
import { Composer, type ComposerPrefill } from "./composer";
import { ComposerBanner } from "./composer-banner";
import { SharedConversationBar } from "./shared-conversation-bar";
import { imagesCarriedBy, newestLeafUnder, pathTo, resolveLeaf } from "./thread-path";
import type { TurnActions } from "./turn-actions";
import { DEFAULT_TURN_SETTINGS, settingsFromStored, type TurnRequestValues } from "./turn-settings";
import { useConversation, useForkConversation, type TurnDto } from "./use-conversation";
import { useSendTurn } from "./use-send-turn";
import { useRunningTurnJob } from "./use-turn-jobs";

/** Where the next message goes: after the shown leaf, from an earlier turn, or beside a failed one. */
type ComposerTarget = { kind: "continue" } | { kind: "branch"; fromTurnId: string } | { kind: "retry"; turnId: string; parentTurnId: string | null };

const EMPTY_PREFILL: ComposerPrefill = { key: 0, text: "", images: [], settings: DEFAULT_TURN_SETTINGS };

export function ConversationView({ conversationId }: { conversationId: string }) {
  const selectedTurnId = useSearchParams().get("turn");
  const send = useSendTurn();
  // Sent from this page, another page or another tab: the jobs list knows (components/jobs).
  const running = useRunningTurnJob(conversationId);
  const query = useConversation(conversationId);
  const fork = useForkConversation();
  const router = useRouter();
  const [target, setTarget] = useState<ComposerTarget>({ kind: "continue" });
  const [prefill, setPrefill] = useState(EMPTY_PREFILL);
  const [focusSignal, setFocusSignal] = useState(0);

  if (query.isPending) {
    return (
      <ChatPanel title={<span className="inline-block h-4 w-48 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />}>
        <p className="px-6 py-16 text-center text-sm text-muted">Loading the conversation…</p>
      </ChatPanel>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <ChatPanel title="Conversation unavailable">
        <div className="px-6 py-16 text-center">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {missing ? "This conversation does not exist, or it was deleted." : `It could not be loaded: ${query.error.message}`}
          </p>
          <Link href="/chat" className="mt-3 inline-block text-sm font-medium text-accent-600 hover:underline dark:text-accent-400">
            Start a new conversation
          </Link>
        </div>
      </ChatPanel>
    );
  }

  const conversation = query.data;
  const turns = conversation.turns;
  const known = (id: string | null) => id === null || turns.some((turn) => turn.id === id);
  const pathFrom = (id: string | null) => (id && known(id) ? pathTo(turns, id) : []);
  const leaf = resolveLeaf(turns, selectedTurnId);
  // While a turn generates the thread shows its path, whatever was selected.
  const path = running?.turnId && known(running.turnId) ? pathFrom(running.turnId) : pathFrom(leaf?.id ?? null);
  const activeTarget: ComposerTarget =
    (target.kind === "branch" && !known(target.fromTurnId)) || (target.kind === "retry" && !known(target.parentTurnId)) ? { kind: "continue" } : target;
  const parentTurnId =
    activeTarget.kind === "continue" ? (leaf?.id ?? null) : activeTarget.kind === "branch" ? activeTarget.fromTurnId : activeTarget.parentTurnId;
  const leafCount = turns.filter((turn) => !turns.some((child) => child.parentTurnId === turn.id)).length;

  function startOver() {
    setTarget({ kind: "continue" });
    setPrefill((current) => ({ ...EMPTY_PREFILL, key: current.key + 1 }));
  }

  function selectBranch(turn: TurnDto) {
    replaceSelectedTurn(conversationId, newestLeafUnder(turns, turn.id)?.id ?? turn.id);
    setTarget({ kind: "continue" });
  }

  function editFromHere(turn: TurnDto) {
    setTarget({ kind: "branch", fromTurnId: turn.id });
    setFocusSignal((signal) => signal + 1);
  }

  // A sibling of the failed turn: same parent, its message and settings to adjust (nothing is overwritten).
  function editAndRetry(turn: TurnDto) {
    setTarget({ kind: "retry", turnId: turn.id, parentTurnId: turn.parentTurnId });
    setPrefill((current) => ({ key: current.key + 1, text: turn.userText, images: turn.inputImages, settings: settingsFromStored(turn.storedParams) }));
    setFocusSignal((signal) => signal + 1);
  }

  // A reader's fork is their own conversation, opened at once.
  function forkFrom(turn: TurnDto) {
    fork.mutate({ conversationId, turnId: turn.id }, { onSuccess: ({ conversation: forked }) => router.push(`/chat/${forked.id}`) });
  }

  const actions: TurnActions = conversation.readOnly
    ? { kind: "reader", onFork: forkFrom, forking: fork.isPending }
    : { kind: "owner", onEditFromHere: editFromHere, onEditAndRetry: editAndRetry };
  const latestFinished = path.findLast((turn) => turn.status !== "pending");

  async function sendMessage(values: TurnRequestValues) {
    const outcome = await send({ conversationId, parentTurnId, values });
    if (outcome.ok) setTarget({ kind: "continue" });
    return outcome;
  }

  const banner = (
    <>
      {activeTarget.kind === "branch" ? (
        <ComposerBanner icon="branch" tone="accent" action="Cancel" onAction={() => setTarget({ kind: "continue" })}>
          <strong className="font-semibold">Branching from turn {pathFrom(activeTarget.fromTurnId).length}</strong>
          <span className="block text-xs opacity-80">The turns after it stay on their own branch; switch back with the ‹ › arrows.</span>
        </ComposerBanner>
      ) : null}
      {activeTarget.kind === "retry" ? (
        <ComposerBanner icon="retry" tone="accent" action="Cancel" onAction={startOver}>
          <strong className="font-semibold">Retrying turn {pathFrom(activeTarget.parentTurnId).length + 1}</strong>
          <span className="block text-xs opacity-80">Sent as a new version beside the failed one, which stays in the conversation.</span>
        </ComposerBanner>
      ) : null}
    </>
  );

  return (
    <ChatPanel
      thread={path.length > 0}
      title={conversation.title}
      subtitle={`${turns.length} ${turns.length === 1 ? "turn" : "turns"}${leafCount > 1 ? ` · ${leafCount} branches` : ""}`}
      composer={
        conversation.readOnly ? (
          <SharedConversationBar conversation={conversation} onFork={latestFinished ? () => forkFrom(latestFinished) : undefined} fork={fork} />
        ) : (
          <Composer
            key={prefill.key}
            prefill={prefill}
            banner={banner}
            carriedImages={imagesCarriedBy(pathFrom(parentTurnId))}
            busy={Boolean(running)}
            focusSignal={focusSignal}
            placeholder={turns.length ? "Describe the next change…" : "Describe an image, or attach one to edit…"}
            onSend={sendMessage}
          />
        )
      }
    >
      {path.length ? (
        <ChatThread
          turns={turns}
          path={path}
          busy={Boolean(running)}
          branchPointId={activeTarget.kind === "branch" ? activeTarget.fromTurnId : undefined}
          onSelectBranch={selectBranch}
          actions={actions}
        />
      ) : (
        <p className="px-6 py-16 text-center text-sm text-muted">No turns yet. Send the first message below.</p>
      )}
    </ChatPanel>
  );
}
