"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { GalleryItemDto } from "@/lib/gallery/gallery-dto";
import { GRID_GAP_PX, gridLayout, rowCount } from "./gallery-layout";
import { emptySelection, movedFocus, toggled, withRange, type Selection } from "./gallery-selection";
import { GalleryTile, TILE_CAPTION_PX } from "./gallery-tile";

type Props = {
  items: GalleryItemDto[];
  selection: Selection;
  onSelection: (selection: Selection) => void;
  selecting: boolean;
  showCreator: boolean;
  /** Whether the server has more pages, and how to get the next. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** Rows mounted beyond the window's edges, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 2;
/** The next page is asked for once the last mounted row is this close to the end. */
const PREFETCH_ROWS = 3;

// The gallery's virtualised grid: the window scrolls, and only the rows in or near view
// are in the page (TanStack Virtual over ROWS of a column count measured from the width), so a
// library of thousands of entries mounts a few dozen tiles. Keyboard: arrows move the focus, Shift
// with them extends the selection, Space toggles, Enter opens, Escape clears.
export function GalleryGrid({ items, selection, onSelection, selecting, showCreator, hasMore, loadingMore, onLoadMore }: Props) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  const [focusIndex, setFocusIndex] = useState(0);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const measure = () => setBox({ width: grid.clientWidth, top: grid.getBoundingClientRect().top + window.scrollY });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, []);

  const { columns, tilePx } = gridLayout(box.width);
  const rowPx = tilePx + TILE_CAPTION_PX + GRID_GAP_PX;
  const rows = box.width > 0 ? rowCount(items.length, columns) : 0;
  const virtualizer = useWindowVirtualizer({ count: rows, estimateSize: () => rowPx, overscan: OVERSCAN_ROWS, scrollMargin: box.top });
  const virtualRows = virtualizer.getVirtualItems();

  useEffect(() => virtualizer.measure(), [virtualizer, rowPx]);

  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rows - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rows, onLoadMore]);

  const order = items.map((item) => item.id);
  const focused = Math.min(focusIndex, Math.max(0, items.length - 1));

  function focusTile(index: number) {
    setFocusIndex(index);
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus({ preventScroll: true }));
  }

  function pick(index: number, { range }: { range: boolean }) {
    setFocusIndex(index);
    onSelection(range ? withRange(selection, order, order[index]) : toggled(selection, order[index]));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && selection.ids.size > 0) {
      event.preventDefault();
      onSelection(emptySelection);
      return;
    }
    if (event.key === " ") {
      event.preventDefault();
      onSelection(toggled(selection, order[focused]));
      return;
    }
    const next = movedFocus(event.key, focused, columns, items.length);
    if (next === null) return;
    event.preventDefault();
    if (event.shiftKey) {
      const anchored = selection.anchor ? selection : { ids: new Set([...selection.ids, order[focused]]), anchor: order[focused] };
      onSelection(withRange(anchored, order, order[next]));
    }
    focusTile(next);
  }

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label="Gallery entries"
      aria-multiselectable
      aria-rowcount={rows}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const index = Number((event.target as HTMLElement).dataset.index);
        if (Number.isInteger(index)) setFocusIndex(index);
      }}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="gallery-grid"
    >
      {virtualRows.map((row) => (
        <div
          key={row.key}
          role="row"
          aria-rowindex={row.index + 1}
          className="absolute inset-x-0 top-0 grid"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GRID_GAP_PX }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item, column) => {
            const index = row.index * columns + column;
            return (
              <GalleryTile
                key={item.id}
                item={item}
                index={index}
                selected={selection.ids.has(item.id)}
                selecting={selecting}
                tabbable={index === focused}
                showCreator={showCreator}
                onPick={pick}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}
