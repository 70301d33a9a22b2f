"use client";

import { conversationPath } from "@/lib/page-paths";

// The chat keeps the shown branch in the address (`/chat/<id>?turn=<leaf>`) so a reload or a shared
// link opens the same branch. Next's router follows history.replaceState (useSearchParams updates)
// without a server round trip, and a branch switch should not add a history entry.

/** Shows `turnId`'s branch, but only while the page still shows that conversation. */
export function replaceSelectedTurn(conversationId: string, turnId: string | null): void {
  if (window.location.pathname !== `/chat/${conversationId}`) return;
  window.history.replaceState(null, "", conversationPath(conversationId, turnId));
}
