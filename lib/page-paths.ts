// Addresses of the studio's pages that more than one domain links to (the chat, the jobs list).

/** `/chat/<id>`, with `?turn=<leaf>` when a branch is chosen: the address of a conversation's branch. */
export function conversationPath(conversationId: string, turnId?: string | null): string {
  return `/chat/${conversationId}${turnId ? `?turn=${encodeURIComponent(turnId)}` : ""}`;
}
