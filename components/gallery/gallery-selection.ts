// Selecting entries of the grid: click toggles one, shift-click or Shift+arrows take
// every entry between the anchor (the last one toggled) and this one, in the grid's order. Pure.

export type Selection = { ids: ReadonlySet<string>; anchor: string | null };

export const emptySelection: Selection = { ids: new Set(), anchor: null };

/** `id` in or out; it becomes the anchor of the next range. */
export function toggled(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Every entry from the anchor to `id` added (the anchor stays); without an anchor, `id` alone. */
export function withRange(selection: Selection, order: readonly string[], id: string): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (from === -1 || to === -1) return toggled(selection, id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  return { ids: new Set([...selection.ids, ...order.slice(start, end + 1)]), anchor: selection.anchor };
}

/** Only the entries still listed (after a filter change or a delete). */
export function keptIn(selection: Selection, order: readonly string[]): Selection {
  const listed = new Set(order);
  const ids = new Set([...selection.ids].filter((id) => listed.has(id)));
  if (ids.size === selection.ids.size) return selection;
  return { ids, anchor: selection.anchor && listed.has(selection.anchor) ? selection.anchor : null };
}

/** The entries behind the selected tiles: every listed image of a selected variation set. */
export function selectedEntries(selection: Selection, tiles: readonly { id: string; variationIds: readonly string[] }[]): Set<string> {
  return new Set(tiles.filter((tile) => selection.ids.has(tile.id)).flatMap((tile) => tile.variationIds));
}

const STEPS: Record<string, (columns: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: (columns) => -columns,
  ArrowDown: (columns) => columns,
};

/** Where a key moves the keyboard focus in a grid of `count` entries laid out in `columns`; null for other keys. */
export function movedFocus(key: string, index: number, columns: number, count: number): number | null {
  if (count === 0) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const step = STEPS[key];
  if (!step) return null;
  return Math.min(count - 1, Math.max(0, index + step(columns)));
}
