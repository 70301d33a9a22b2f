import type { TurnDto } from "@/lib/chat/turn-dto";

/**
 * What a turn's answer offers: its owner edits from it or retries it; a reader of a shared
 * conversation forks from it into a conversation of their own.
 */
export type TurnActions =
  | { kind: "owner"; onEditFromHere: (turn: TurnDto) => void; onEditAndRetry: (turn: TurnDto) => void }
  | { kind: "reader"; onFork: (turn: TurnDto) => void; forking: boolean };
