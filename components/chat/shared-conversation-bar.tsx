"use client";

import { Button } from "@/components/ui/button";
import { MutationError } from "@/components/ui/mutation-error";
import type { ConversationDto } from "@/lib/chat/conversation-dto";
import { Icon } from "./icons";

type Props = {
  conversation: Pick<ConversationDto, "owner" | "sharedWith">;
  /** Forks from the newest finished turn of the shown path; absent while there is none. */
  onFork?: () => void;
  fork: { isPending: boolean; error: Error | null; reset: () => void };
};

// In place of the composer when the conversation is someone else's: it is read-only, and
// continuing it means forking it into a conversation of one's own.
export function SharedConversationBar({ conversation, onFork, fork }: Props) {
  const whose = conversation.sharedWith ? (
    <>
      Shared by <strong className="font-semibold">{conversation.owner.name}</strong> with <strong className="font-semibold">{conversation.sharedWith.name}</strong>
    </>
  ) : (
    <>
      <strong className="font-semibold">{conversation.owner.name}</strong>&rsquo;s conversation
    </>
  );
  return (
    <div className="space-y-2 p-3 sm:p-4" data-testid="shared-conversation-bar">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800/60">
        <Icon name="chat" className="size-4 text-muted" />
        <p className="min-w-0 flex-1 text-zinc-700 dark:text-zinc-300" data-testid="shared-conversation-banner">
          {whose} — read-only
          <span className="block text-xs text-muted">Fork it to continue in a conversation of your own; this one stays as it is.</span>
        </p>
        {onFork ? (
          <Button size="sm" onClick={onFork} disabled={fork.isPending} data-testid="fork-conversation">
            <Icon name="fork" />
            {fork.isPending ? "Forking…" : "Fork"}
          </Button>
        ) : null}
      </div>
      <MutationError mutation={fork} title="The conversation could not be forked" />
    </div>
  );
}
