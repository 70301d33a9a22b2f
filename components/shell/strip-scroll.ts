// Where a horizontally scrolling strip (the navigation on narrow screens) should stand so that one of
// its items is in view. Pure.

type Strip = {
  /** The item's left edge and width, in the strip's own coordinates (offsetLeft, offsetWidth). */
  itemStart: number;
  itemWidth: number;
  /** The strip's visible width and the width of everything in it (clientWidth, scrollWidth). */
  viewportWidth: number;
  contentWidth: number;
};

/** The scrollLeft that centres the item, held within what the strip can scroll (0 when nothing overflows). */
export function centredScrollLeft({ itemStart, itemWidth, viewportWidth, contentWidth }: Strip): number {
  const furthest = Math.max(0, contentWidth - viewportWidth);
  const centred = Math.round(itemStart + itemWidth / 2 - viewportWidth / 2);
  return Math.min(furthest, Math.max(0, centred));
}
