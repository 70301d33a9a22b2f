// What the chat API answers about conversations. Browser-safe: the chat pages read these types.
import type { TurnDto } from "./turn-dto";

export type ConversationSummary = { id: string; title: string; updatedAt: string; turnCount: number; thumbnailUrl: string | null };

export type ConversationDto = {
  id: string;
  title: string;
  session: string;
  createdAt: string;
  updatedAt: string;
  turns: TurnDto[];
};
