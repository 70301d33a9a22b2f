import type { Message } from "./alpha-v35-messages";

/** Spec 4.2 rule 1: at most 20 images per request in total. */
export const MAX_IMAGES_PER_REQUEST = 20;

export interface ImageSlot {
  url: string;
  messageIndex: number;
  /** Fed back from an earlier turn under role tool with is_generate (spec 2.3). */
  generated: boolean;
  /** Part of the current instruction (the last user message). */
  current: boolean;
}

/** Every image of the conversation, oldest first. */
export function collectImages(messages: readonly Message[]): ImageSlot[] {
  const lastUserIndex = messages.map((message) => message.role).lastIndexOf("user");
  return messages.flatMap((message, messageIndex) =>
    (message.content ?? [])
      .filter((element) => element.type === "image_url" && element.image_url)
      .map((element) => ({
        url: (element.image_url as { url: string }).url,
        messageIndex,
        generated: message.role === "tool" && element.is_generate === true,
        current: messageIndex === lastUserIndex,
      })),
  );
}

/** Spec 4.2 rule 1: beyond the limit, images are dropped from the oldest turn toward the newest. */
export function trimOldest(slots: readonly ImageSlot[], max = MAX_IMAGES_PER_REQUEST): { kept: ImageSlot[]; trimmed: number } {
  const trimmed = Math.max(0, slots.length - max);
  return { kept: slots.slice(trimmed), trimmed };
}

/**
 * What the turn works on: the newest generated image from the history (multi-turn edit), else
 * the first image of the current instruction (image-to-image), else nothing (text-to-image).
 * Other images of the current instruction become references.
 */
export function pickEditBase(kept: readonly ImageSlot[]): { base?: ImageSlot; references: ImageSlot[] } {
  const base = [...kept].reverse().find((slot) => slot.generated) ?? kept.find((slot) => slot.current);
  return { base, references: kept.filter((slot) => slot.current && slot !== base) };
}
