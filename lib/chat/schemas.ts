import { z } from "zod";
import { alphaV35TurnFormSchema } from "@/lib/images/alpha-schemas";
import { safeText } from "@/lib/validation/text";

import { CONVERSATION_SEARCH_MAX_CHARACTERS, CONVERSATION_TITLE_MAX_CHARACTERS } from "./conversation-limits";

// Request bodies of the chat editor's API, shared with its forms.

export { CONVERSATION_TITLE_MAX_CHARACTERS, UNTITLED_CONVERSATION, forkTitle } from "./conversation-limits";

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
