import { z } from "zod";
import { alphaV35TurnFormSchema } from "@/lib/images/alpha-schemas";
import { safeText } from "@/lib/validation/text";

// Request bodies of the chat editor's API, shared with its forms.

export const CONVERSATION_TITLE_MAX_CHARACTERS = 120;

/** The title of a conversation until its first message names it. */
export const UNTITLED_CONVERSATION = "Untitled conversation";
export const conversationTitleSchema = safeText("Title")
  .trim()
  .min(1, "Title must not be empty")
  .max(CONVERSATION_TITLE_MAX_CHARACTERS, `Title must be at most ${CONVERSATION_TITLE_MAX_CHARACTERS} characters`);

export const createConversationSchema = z.object({ title: conversationTitleSchema.optional() });
export const renameConversationSchema = z.object({ title: conversationTitleSchema });

export const sendTurnSchema = alphaV35TurnFormSchema.extend({
  /** The turn this one continues from; null starts the conversation (or a new root branch). */
  parentTurnId: z.string().uuid("parentTurnId must be a turn id").nullable(),
});

// The studio's own limit (no upstream is involved): a search box, not a document.
export const CONVERSATION_SEARCH_MAX_CHARACTERS = 200;

/** GET /api/chat/conversations?q= */
export const listConversationsQuerySchema = z.object({
  q: safeText("Search")
    .max(CONVERSATION_SEARCH_MAX_CHARACTERS, `Search must be at most ${CONVERSATION_SEARCH_MAX_CHARACTERS} characters`)
    .optional(),
});

/** POST /api/chat/conversations/[id]/fork: the turn to continue from; nothing else (no owner or team). */
export const forkConversationSchema = z.strictObject(
  { turnId: z.uuid("turnId must be a turn id") },
  { error: "The body must be { turnId } and nothing else" },
);

/** A fork's title: the conversation it came from, named. */
export function forkTitle(title: string): string {
  return `Fork of ${title}`.slice(0, CONVERSATION_TITLE_MAX_CHARACTERS);
}
