// Builds the `messages` of the next alpha v3.5 request of a conversation branch (spec 4.2 rule 2):
//   messages of turn N (its first user message included) + assembled_history of turn N's answer
//   + the new user message,
// where turn N is the last successful turn on the branch: a failed turn has no assembled_history and
// does not enter the history. Pure: no I/O, no clock (the caller passes `now`). The browser uses the
// same rules (what enters the history, how many images a request carries), so this stays
// browser-safe.
import type { AlphaContent, AlphaMessage } from "@/lib/upstream/alpha/wire-messages";

/** Lifetime of generated image URLs (spec 2.1, 8). */
export const ALPHA_IMAGE_URL_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** URLs this close to expiry count as expired: the upstream fetches them some time after we send. */
export const DEFAULT_EXPIRY_MARGIN_MS = 10 * 60 * 1000;
/** Images per request before the upstream trims, oldest turn first (spec 4.2 rule 1). */
const ALPHA_V35_MAX_IMAGES_PER_REQUEST = 20;

export type TurnStatus = "pending" | "succeeded" | "failed";

/** One stored turn of the branch, as the database keeps it. */
export interface BranchTurn {
  id: string;
  status: TurnStatus;
  /** The `messages` that were sent for this turn. */
  requestMessages: readonly AlphaMessage[];
  /** `assembled_history` of the turn's final frame; present on succeeded turns. */
  assembledHistory?: readonly AlphaMessage[] | null;
  /** When the answer arrived: the URLs in `assembledHistory` live 12 hours from then. */
  completedAt?: Date | null;
}

interface AssembleInputs {
  /** The turns from the conversation's first turn down to the new turn's parent, oldest first (see `branchOf`). */
  branch: readonly BranchTurn[];
  /** The new instruction (see `buildUserMessage`). */
  newUserMessage: AlphaMessage;
  /**
   * Maps an upstream image URL that has expired to the studio's stored copy of that image as a
   * `data:` URL, or `undefined` when there is none.
   */
  resolveExpiredImage?: (url: string) => string | undefined;
}

/** Which upstream image URLs of the history count as expired. */
type Expiry =
  | {
      /** When the request is sent: URLs past their lifetime by then, less the margin, are expired. */
      now: Date;
      expiryMarginMs?: number;
    }
  | {
      /** Every one, whatever its age: for a request that must not rely on the upstream's links at all. */
      treatAllAsExpired: true;
    };

export type AssembleNextMessagesInput = AssembleInputs & Expiry;

export interface AssembledMessages {
  messages: AlphaMessage[];
  /** The successful turn the history was taken from; `undefined` when the branch has none. */
  basedOnTurnId?: string;
  /** Expired upstream URLs that were replaced by stored copies. */
  replacedUrls: string[];
  /** Expired upstream URLs without a stored copy: the upstream will fail to fetch these. */
  unresolvedExpiredUrls: string[];
}

/** A user message: the text first, then the images (http(s) or data: URLs), as spec 2.3 content elements. */
export function buildUserMessage(text: string, imageUrls: readonly string[] = []): AlphaMessage {
  return {
    role: "user",
    content: [
      { type: "text", text },
      ...imageUrls.map((url): AlphaContent => ({ type: "image_url", image_url: { url } })),
    ],
  };
}

/**
 * The path from the conversation's root to `leafTurnId`, oldest first. Turns on other branches are
 * left out, so a new turn can branch off any earlier turn.
 */
export function branchOf<T extends { id: string; parentTurnId: string | null }>(turns: readonly T[], leafTurnId: string): T[] {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let id: string | null = leafTurnId; id !== null; ) {
    const turn = byId.get(id);
    if (!turn) throw new Error(`branchOf: turn ${id} is not in the conversation`);
    if (seen.has(id)) throw new Error(`branchOf: turn ${id} is its own ancestor`);
    seen.add(id);
    path.push(turn);
    id = turn.parentTurnId;
  }
  return path.reverse();
}

/** Every image URL in `messages`, in order: the `image_url` content elements of spec 2.3. */
export function imageUrlsInMessages(messages: readonly AlphaMessage[]): string[] {
  return messages.flatMap((message) =>
    (message.content ?? []).flatMap((content) => (content.type === "image_url" ? [content.image_url.url] : [])),
  );
}

/** `messages` with every image URL passed through `replace`; everything else is kept as it is. */
export function mapImageUrls(messages: readonly AlphaMessage[], replace: (url: string) => string): AlphaMessage[] {
  return messages.map((message) =>
    message.content === undefined
      ? message
      : {
          ...message,
          content: message.content.map((content) => (content.type === "image_url" ? { ...content, image_url: { url: replace(content.image_url.url) } } : content)),
        },
  );
}

/**
 * Whether the next request of a branch replays this turn's messages and answer (spec 4.2 rule 2):
 * only a succeeded turn has an assembled_history; a failed or pending turn never enters the history.
 */
export function entersHistory(turn: { status: TurnStatus }): boolean {
  return turn.status === "succeeded";
}

/** The turn the next request's history comes from: the last one on the branch that enters it. */
export function historyTurnOf<T extends { status: TurnStatus }>(branch: readonly T[]): T | undefined {
  return branch.findLast(entersHistory);
}

/** What the next request replays of a turn: its messages and its answer's assembled_history; nothing for a turn that does not enter the history. */
export function replayedMessages(turn: Pick<BranchTurn, "status" | "requestMessages" | "assembledHistory">): AlphaMessage[] {
  return entersHistory(turn) ? [...turn.requestMessages, ...(turn.assembledHistory ?? [])] : [];
}

/**
 * Copies a message with only the fields spec 2.3 allows for its role. `reasoning`, `tool_calls` and
 * `tool_call_id` are copied unchanged; `is_generate: true` marks images of tool messages (a generated
 * image fed back) and is dropped everywhere else.
 */
function normalizeMessage(message: AlphaMessage, replaceUrl: (url: string) => string): AlphaMessage {
  const copy: AlphaMessage = { role: message.role };
  if (message.content !== undefined) {
    copy.content = message.content.map((content): AlphaContent => {
      if (content.type === "text") return { type: "text", text: content.text };
      const image_url = { url: replaceUrl(content.image_url.url) };
      return message.role === "tool" ? { type: "image_url", image_url, is_generate: true } : { type: "image_url", image_url };
    });
  }
  if (message.role === "assistant" && message.reasoning !== undefined) copy.reasoning = message.reasoning;
  if (message.role === "assistant" && message.tool_calls !== undefined) {
    copy.tool_calls = message.tool_calls.map((call) => ({
      id: call.id,
      type: call.type,
      function: { name: call.function.name, arguments: call.function.arguments },
    }));
  }
  if (message.role === "tool" && message.tool_call_id !== undefined) copy.tool_call_id = message.tool_call_id;
  return copy;
}

function isExpired(expiry: Expiry, issuedAt: number): boolean {
  if ("treatAllAsExpired" in expiry) return true;
  const marginMs = expiry.expiryMarginMs ?? DEFAULT_EXPIRY_MARGIN_MS;
  return expiry.now.getTime() >= issuedAt + ALPHA_IMAGE_URL_LIFETIME_MS - marginMs;
}

export function assembleNextMessages(input: AssembleNextMessagesInput): AssembledMessages {
  const base = historyTurnOf(input.branch);

  // Every image URL the upstream generated on this branch, with the time its lifetime started.
  // A succeeded turn without completedAt has an unknown age and is treated as expired.
  const issuedAt = new Map<string, number>();
  for (const turn of input.branch.filter(entersHistory)) {
    for (const url of imageUrlsInMessages(turn.assembledHistory ?? [])) {
      issuedAt.set(url, turn.completedAt?.getTime() ?? Number.NEGATIVE_INFINITY);
    }
  }

  const replacedUrls = new Set<string>();
  const unresolvedExpiredUrls = new Set<string>();
  const replaceUrl = (url: string): string => {
    const issued = issuedAt.get(url);
    if (issued === undefined || !isExpired(input, issued)) return url;
    const stored = input.resolveExpiredImage?.(url);
    if (stored === undefined) {
      unresolvedExpiredUrls.add(url);
      return url;
    }
    replacedUrls.add(url);
    return stored;
  };

  const history = base ? replayedMessages(base) : [];
  const messages = [...history, input.newUserMessage].map((message) => normalizeMessage(message, replaceUrl));
  return {
    messages,
    basedOnTurnId: base?.id,
    replacedUrls: [...replacedUrls],
    unresolvedExpiredUrls: [...unresolvedExpiredUrls],
  };
}

/** Number of image content elements in `messages` (spec 4.2 rule 1 counts them all, history included). */
export function countImages(messages: readonly AlphaMessage[]): number {
  return imageUrlsInMessages(messages).length;
}

export interface ImageTrimPreview {
  totalImages: number;
  limit: number;
  /** True when the upstream will drop images (more than `limit` in the request). */
  willTrim: boolean;
  /** How many of the oldest images the upstream drops, for a warning before sending. */
  droppedOldest: number;
}

/**
 * Whether the upstream would trim a request's images, oldest turn first (spec 4.2 rule 1).
 * `carriedImages` adds history images counted elsewhere: the browser knows a branch's history only
 * by its count (TurnDto.imagesCarried), not by its messages.
 */
export function previewImageTrim(messages: readonly AlphaMessage[], carriedImages = 0): ImageTrimPreview {
  const totalImages = carriedImages + countImages(messages);
  const droppedOldest = Math.max(0, totalImages - ALPHA_V35_MAX_IMAGES_PER_REQUEST);
  return { totalImages, limit: ALPHA_V35_MAX_IMAGES_PER_REQUEST, willTrim: droppedOldest > 0, droppedOldest };
}
