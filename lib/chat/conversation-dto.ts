// What the chat API answers about conversations. Browser-safe: the chat pages read these types.
import type { TurnDto } from "./turn-dto";

export type ConversationSummary = {
  id: string;
  title: string;
  updatedAt: string;
  turnCount: number;
  thumbnailUrl: string | null;
  /** The same thumbnail by a signed URL that needs no session (lib/assets/delivery-url). */
  deliveryThumbnailUrl: string | null;
};

export type ConversationDto = {
  id: string;
  title: string;
  session: string;
  createdAt: string;
  updatedAt: string;
  /** The viewer is not the owner (a teammate of the team it is shared with, or a site admin): they may read and fork it, not change it. */
  readOnly: boolean;
  owner: { id: string; name: string };
  /** The team its gallery entry is shared with; null while private. */
  sharedWith: { id: string; name: string } | null;
  /** Its gallery entry (made by its first successful turn); null before that. */
  galleryItemId: string | null;
  turns: TurnDto[];
};
