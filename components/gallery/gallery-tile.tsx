"use client";

import Link from "next/link";
import type { MouseEvent } from "react";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import type { GalleryItemDto } from "@/lib/gallery/gallery-dto";
import { kindBadge, variationsLabel } from "./gallery-format";

type Props = {
  item: GalleryItemDto;
  index: number;
  selected: boolean;
  /** Whether a plain click selects (selection mode) rather than opens. */
  selecting: boolean;
  /** The one tile the Tab key reaches (roving focus: arrows move it). */
  tabbable: boolean;
  /** Team tabs name who made it; Mine says which team it is shared with. */
  showCreator: boolean;
  onPick: (index: number, how: { range: boolean }) => void;
};

/** A variation set's tile: the edges of the images behind the cover, inside the grid's gap. */
const stackedClass = "shadow-[3px_3px_0_-1px_var(--color-zinc-300),6px_6px_0_-2px_var(--color-zinc-200)] dark:shadow-[3px_3px_0_-1px_var(--color-zinc-700),6px_6px_0_-2px_var(--color-zinc-800)]";

/** Under the image: a line of prompt and one of who or where. */
export const TILE_CAPTION_PX = 48;

// One entry of the grid: its WebP thumbnail in a square box sized before the image loads (nothing
// jumps), the kind badge, and a check mark while selected. A click opens it, unless the designer is
// selecting (the Select button, Ctrl/Cmd-click, shift-click).
export function GalleryTile({ item, index, selected, selecting, tabbable, showCreator, onPick }: Props) {
  const variations = item.variationIds.length;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const range = event.shiftKey;
    // Enter on a focused tile (a click with no pointer behind it) always opens it.
    if (event.detail === 0 || (!selecting && !range && !event.ctrlKey && !event.metaKey)) return;
    event.preventDefault();
    onPick(index, { range });
  }

  return (
    <div role="gridcell" aria-selected={selected} className="relative min-w-0" data-testid="gallery-tile" data-item-id={item.id}>
      <Link
        href={`/gallery/${item.id}`}
        onClick={onClick}
        tabIndex={tabbable ? 0 : -1}
        data-index={index}
        aria-label={`${kindBadge(item)}${variations > 1 ? `, ${variationsLabel(variations)}` : ""}: ${item.prompt || "Untitled"}`}
        className={`group relative block overflow-hidden rounded-xl border bg-zinc-100 outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 dark:bg-zinc-800/80 dark:focus-visible:ring-offset-zinc-950 ${
          selected ? "border-accent-500 ring-2 ring-accent-500" : "border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700"
        } ${variations > 1 ? stackedClass : ""}`}
      >
        <div className="aspect-square w-full">
          {item.thumbnailUrl ? (
            // The studio's own WebP thumbnail, already small: next/image would only add a second resize.
            <img src={item.deliveryThumbnailUrl ?? item.thumbnailUrl} alt="" loading="lazy" decoding="async" draggable={false} className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]" />
          ) : (
            <div className="grid size-full place-items-center text-xs text-muted">No preview</div>
          )}
        </div>
        <span className="absolute top-2 left-2 max-w-[calc(100%-2.75rem)] truncate rounded-md bg-zinc-950/65 px-1.5 py-0.5 text-[11px] font-medium text-white backdrop-blur-sm">{kindBadge(item)}</span>

        <span
          aria-hidden
          className={`absolute top-2 right-2 grid size-5.5 place-items-center rounded-full border-2 transition-opacity ${
            selected ? "border-accent-500 bg-accent-500 text-white opacity-100" : `border-white/90 bg-zinc-950/30 text-transparent ${selecting ? "opacity-100" : "opacity-0 group-hover:opacity-100"}`
          }`}
        >
          <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 10.5l3.2 3.2L15 7" />
          </svg>
        </span>
      </Link>
      {/* Beside the link, not in it: the link's name already says it, and its visible text must stay within that name. */}
      {variations > 1 ? (
        <span
          aria-hidden
          className="pointer-events-none absolute left-2 inline-flex items-center gap-1 rounded-md bg-zinc-950/70 px-1.5 py-0.5 text-[11px] font-medium text-white backdrop-blur-sm"
          style={{ bottom: TILE_CAPTION_PX + 8 }}
          data-testid="gallery-tile-variations"
        >
          <ActionIcon path={icons.layers} className="size-3.5" />
          {variationsLabel(variations)}
        </span>
      ) : null}
      <div className="px-0.5 pt-1.5" style={{ height: TILE_CAPTION_PX }}>
        <p className="truncate text-[13px] text-zinc-800 dark:text-zinc-200" title={item.prompt}>
          {item.prompt || "Untitled"}
        </p>
        <p className="truncate text-xs text-muted">
          {showCreator ? (
            <span data-testid="gallery-tile-creator">{item.owner.name}</span>
          ) : item.sharedWith ? (
            <span className="text-accent-700 dark:text-accent-400" data-testid="gallery-tile-shared">
              Shared with {item.sharedWith.name}
            </span>
          ) : (
            "Private"
          )}
        </p>
      </div>
    </div>
  );
}
