import type { EmulatorConfig } from "../core/config";

export type ModerationVerdict = "input" | "output" | undefined;

const OUTPUT_PREFIX = "output:";

/**
 * Emulated content safety (spec 1, 7.1, 7.2). A blocklisted word in the texts fails input
 * moderation; a word listed as `output:<word>` lets the input pass but fails output moderation,
 * so clients can exercise both paths.
 */
export function moderate(texts: readonly string[], config: Pick<EmulatorConfig, "moderationBlocklist">): ModerationVerdict {
  const haystack = texts.join("\n").toLowerCase();
  const inputWords = config.moderationBlocklist.filter((word) => !word.startsWith(OUTPUT_PREFIX));
  if (inputWords.some((word) => haystack.includes(word.toLowerCase()))) return "input";
  const outputWords = config.moderationBlocklist
    .filter((word) => word.startsWith(OUTPUT_PREFIX))
    .map((word) => word.slice(OUTPUT_PREFIX.length).toLowerCase())
    .filter((word) => word.length > 0);
  if (outputWords.some((word) => haystack.includes(word))) return "output";
  return undefined;
}
