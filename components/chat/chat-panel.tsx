import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";

/** Finds the chat card (below), in place once the server's stream has shown it. */
export const CHAT_PANEL_SELECTOR = "[data-chat-panel]";
/** Finds the thread's scroller (below), which the thread marks `data-settled` once the page is awake. */
export const THREAD_SCROLLER_SELECTOR = "[data-thread-scroller]";
/** Finds the thread's end (chat-thread), which a reloaded conversation opens at. */
export const THREAD_END_SELECTOR = "[data-thread-end]";

// The chat card: a header, the scrolling thread, and the composer pinned below it (inside the card on
// wide screens, to the bottom of the window on narrow ones).
export function ChatPanel({
  title,
  subtitle,
  children,
  composer,
  thread = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  composer?: ReactNode;
  /** The panel shows a thread (chat-thread), which opens at its newest turn. */
  thread?: boolean;
}) {
  return (
    <section
      aria-label="Chat"
      data-chat-panel=""
      className="flex min-w-0 flex-col rounded-xl border border-zinc-200 bg-white shadow-sm lg:h-full lg:min-h-0 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex min-h-15 items-center gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold" data-testid="chat-title">
            {title}
          </h1>
          {subtitle ? <p className="truncate text-xs text-muted">{subtitle}</p> : null}
        </div>
        <Badge tone="accent">alpha v3.5 preview</Badge>
      </header>
      {/* A thread's scroller is bottom-anchored (column-reverse) until the thread settles it: the server's
          drawing already shows the newest turn, so waking the page scrolls nothing (chat-thread). */}
      <div
        data-thread-scroller={thread ? "" : undefined}
        className={`min-h-[40vh] lg:min-h-0 lg:flex-1 lg:overflow-y-auto ${thread ? "lg:flex lg:flex-col-reverse lg:data-settled:block" : ""}`}
      >
        <div className="mx-auto mb-auto w-full max-w-3xl">{children}</div>
      </div>
      {composer ? (
        <div className="sticky bottom-0 z-10 rounded-b-xl border-t border-zinc-200 bg-white/95 backdrop-blur lg:static dark:border-zinc-800 dark:bg-zinc-900/95">
          <div className="mx-auto max-w-3xl">{composer}</div>
        </div>
      ) : null}
    </section>
  );
}
