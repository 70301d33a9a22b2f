"use client";

import { useParams } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ConversationList } from "./conversation-list";
import { Icon } from "./icons";

// The chat editor's frame, kept mounted across /chat and /chat/<id>: the conversation list beside
// the open conversation (folded behind a button on narrow screens).
export function ChatWorkspace({ children }: { children: ReactNode }) {
  const { id } = useParams<{ id?: string }>();
  const [listOpen, setListOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3 lg:grid lg:h-[calc(100dvh-4rem)] lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-5">
      <button
        type="button"
        onClick={() => setListOpen((open) => !open)}
        aria-expanded={listOpen}
        aria-controls="chat-conversations"
        className="flex items-center gap-2 rounded-xl border border-zinc-200 bg-white px-4 py-2.5 text-sm font-medium shadow-sm lg:hidden dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Icon name="list" />
        Conversations
        <Icon name="chevronDown" className={`ml-auto size-4 transition-transform ${listOpen ? "rotate-180" : ""}`} />
      </button>
      <aside
        id="chat-conversations"
        className={`${listOpen ? "flex" : "hidden"} max-h-[60vh] min-h-0 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm lg:flex lg:max-h-none dark:border-zinc-800 dark:bg-zinc-900`}
      >
        <ConversationList activeId={id} onNavigate={() => setListOpen(false)} />
      </aside>
      <div className="min-w-0 lg:min-h-0">{children}</div>
    </div>
  );
}
