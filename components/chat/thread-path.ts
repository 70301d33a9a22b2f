// The shape of a conversation as a tree of turns. Every turn names the turn it continues from
// (`parentTurnId`, null for a first turn); "edit from here" and "edit & retry" add a sibling rather
// than overwrite, so one conversation holds several branches. The chat shows one path, root to leaf.
// Pure: the same functions answer for the thread, the branch switchers (siblings are the children of
// one parent) and the composer.
import { branchOf, historyTurnOf, type TurnStatus } from "@/lib/chat/assemble-messages";

export type ThreadTurn = {
  id: string;
  parentTurnId: string | null;
  createdAt: string;
  status: TurnStatus;
  imagesCarried: number;
};

/** Turns continuing from each turn (key null: the first turns), oldest first. */
export function childrenByParent<T extends ThreadTurn>(turns: readonly T[]): Map<string | null, T[]> {
  const children = new Map<string | null, T[]>();
  for (const turn of byAge(turns)) {
    const list = children.get(turn.parentTurnId) ?? [];
    list.push(turn);
    children.set(turn.parentTurnId, list);
  }
  return children;
}

/** The turns from the conversation's first turn down to `leafTurnId`, oldest first. */
export function pathTo<T extends ThreadTurn>(turns: readonly T[], leafTurnId: string): T[] {
  return branchOf(turns, leafTurnId);
}

/**
 * The newest turn at or below `turnId`. A turn is always created after the turn it continues from,
 * so the newest turn of a subtree is one of its leaves: the branch someone worked on last.
 */
export function newestLeafUnder<T extends ThreadTurn>(turns: readonly T[], turnId: string): T | undefined {
  const children = childrenByParent(turns);
  const start = turns.find((turn) => turn.id === turnId);
  if (!start) return undefined;
  let newest = start;
  const stack = [start];
  for (let turn = stack.pop(); turn; turn = stack.pop()) {
    if (isNewer(turn, newest, turns)) newest = turn;
    stack.push(...(children.get(turn.id) ?? []));
  }
  return newest;
}

/**
 * The leaf to show: the newest leaf below the selected turn (normally the selected turn is itself a
 * leaf), else the newest turn of the conversation; undefined for an empty conversation.
 */
export function resolveLeaf<T extends ThreadTurn>(turns: readonly T[], selectedTurnId: string | null): T | undefined {
  const selected = selectedTurnId ? newestLeafUnder(turns, selectedTurnId) : undefined;
  return selected ?? byAge(turns).at(-1);
}

/**
 * Images the next request carries from the history when it continues from the end of `path`: those
 * of the turn whose messages and answer are replayed (spec 4.2 rule 2, lib/chat/assemble-messages).
 */
export function imagesCarriedBy(path: readonly ThreadTurn[]): number {
  return historyTurnOf(path)?.imagesCarried ?? 0;
}

function byAge<T extends ThreadTurn>(turns: readonly T[]): T[] {
  // Array order breaks ties: the server lists turns oldest first.
  return turns.map((turn, index) => ({ turn, index })).sort((a, b) => compareAge(a.turn, b.turn) || a.index - b.index).map(({ turn }) => turn);
}

function compareAge(a: ThreadTurn, b: ThreadTurn): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

function isNewer(candidate: ThreadTurn, current: ThreadTurn, turns: readonly ThreadTurn[]): boolean {
  const age = compareAge(candidate, current);
  return age > 0 || (age === 0 && turns.indexOf(candidate) > turns.indexOf(current));
}
