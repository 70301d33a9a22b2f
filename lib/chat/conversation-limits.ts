// A conversation's title and search limits and its default names: zod-free, so the chat pages show
// them without loading zod; lib/chat/schemas checks requests against the same values.

export const CONVERSATION_TITLE_MAX_CHARACTERS = 120;

/** The title of a conversation until its first message names it. */
export const UNTITLED_CONVERSATION = "Untitled conversation";

// The studio's own limit (no upstream is involved): a search box, not a document.
export const CONVERSATION_SEARCH_MAX_CHARACTERS = 200;

/** A fork's title: the conversation it came from, named. */
export function forkTitle(title: string): string {
  return `Fork of ${title}`.slice(0, CONVERSATION_TITLE_MAX_CHARACTERS);
}
