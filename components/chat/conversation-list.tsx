"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { inputClassWith } from "@/components/ui/field";
import { ConversationListItem } from "./conversation-list-item";
import { Icon } from "./icons";
import { CONVERSATION_SEARCH_MAX_CHARACTERS } from "@/lib/chat/conversation-limits";
import { useConversations } from "./use-conversation";

/** Typing pauses this long before the server is asked, so a search is not sent per keystroke. */
const SEARCH_DELAY_MS = 250;

// The user's conversations, newest activity first, searchable by title and message text.
export function ConversationList({ activeId, onNavigate }: { activeId?: string; onNavigate?: () => void }) {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const conversations = useConversations(query);

  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-3">
        <h2 className="text-sm font-semibold">Conversations</h2>
        <Link
          href="/chat"
          onClick={onNavigate}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-accent-600 px-3 text-sm font-medium text-white transition-colors hover:bg-accent-700"
        >
          <Icon name="plus" />
          New
        </Link>
      </div>
      <div className="px-4 pb-3">
        <label className="relative block">
          <span className="sr-only">Search conversations</span>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            maxLength={CONVERSATION_SEARCH_MAX_CHARACTERS}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search titles and messages"
            className={inputClassWith("pl-9")}
          />
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {conversations.isPending ? (
          <ul aria-label="Loading conversations" className="space-y-1 px-2">
            {[0, 1, 2].map((row) => (
              <li key={row} className="flex animate-pulse items-center gap-3 py-2">
                <span className="size-10 rounded-lg bg-zinc-100 dark:bg-zinc-800" />
                <span className="h-3 flex-1 rounded bg-zinc-100 dark:bg-zinc-800" />
              </li>
            ))}
          </ul>
        ) : conversations.isError ? (
          <p role="alert" className="px-2 py-6 text-center text-sm text-red-600 dark:text-red-400">
            Conversations could not be loaded: {conversations.error.message}
          </p>
        ) : conversations.data.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">
            {query.trim() ? `Nothing matches “${query.trim()}”.` : "No conversations yet. Send a first message to start one."}
          </p>
        ) : (
          <ul className="space-y-0.5" data-testid="conversation-list">
            {conversations.data.map((conversation) => (
              <ConversationListItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}
