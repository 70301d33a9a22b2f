"use client";

import type { DragEvent, KeyboardEvent } from "react";
import type { LayerItem } from "@/lib/layers/layer-stack";
import { animateHref, chatEditorHref } from "@/components/gallery/gallery-links";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import { IconButton, IconLink, checkerboardClass } from "./image-action-icons";

type LayerRowActions = {
  onToggleVisibility: () => void;
  onSolo: () => void;
  onOpacity: (opacity: number) => void;
  /** Absent for the base, which always stays at the bottom. */
  onMove?: (direction: "up" | "down") => void;
  onUseAsReference?: () => void;
};

type Props = {
  item: LayerItem;
  isBase: boolean;
  thumbnailUrl: string;
  downloadUrl: string;
  soloed: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** Native drag and drop, an extra to the buttons and Alt+↑/↓ (layers only). */
  drag?: { onDragStart: (event: DragEvent) => void; onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void; onDragEnd: () => void; over: boolean };
  actions: LayerRowActions;
};

function placement(item: LayerItem, isBase: boolean): string {
  if (isBase) return `${item.width}×${item.height}`;
  const { x, y, width, height } = item.box;
  return `${width}×${height} at ${x}, ${y}`;
}

/**
 * One row of the layer panel: thumbnail over a checkerboard, name and place on the base, visibility,
 * solo, opacity, order, and what can be done with the image elsewhere in the studio.
 */
export function LayerRow({ item, isBase, thumbnailUrl, downloadUrl, soloed, canMoveUp, canMoveDown, drag, actions }: Props) {
  const percent = Math.round(item.opacity * 100);
  const { onMove } = actions;

  function onKeyDown(event: KeyboardEvent) {
    if (!onMove || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    if (event.key === "ArrowUp" && canMoveUp) onMove("up");
    if (event.key === "ArrowDown" && canMoveDown) onMove("down");
  }

  return (
    <li
      data-testid="layer-row"
      data-layer-id={item.assetId}
      data-visible={item.visible}
      aria-label={`${item.name}${item.visible ? "" : " (hidden)"}`}
      onKeyDown={onKeyDown}
      onDragOver={drag?.onDragOver}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
      className={`group/row rounded-lg border px-2 py-2 transition-colors ${
        drag?.over ? "border-accent-400 bg-accent-50 dark:border-accent-500/60 dark:bg-accent-500/10" : "border-transparent hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
      } ${isBase ? "mt-1 border-t-zinc-200 dark:border-t-zinc-800" : ""}`}
    >
      <div className="flex items-center gap-2">
        {drag ? (
          // Only the grip drags, so the opacity slider keeps its own drag.
          <span
            draggable
            onDragStart={drag.onDragStart}
            className="-ml-0.5 cursor-grab text-zinc-300 group-hover/row:text-zinc-500 active:cursor-grabbing dark:text-zinc-600"
            aria-hidden
            title="Drag to reorder"
          >
            <ActionIcon path={icons.grip} className="size-4" />
          </span>
        ) : (
          <span className="-ml-0.5 w-4 shrink-0" aria-hidden />
        )}
        <span className={`block size-11 shrink-0 overflow-hidden rounded-md ring-1 ring-zinc-200 dark:ring-zinc-700 ${checkerboardClass}`}>
          <img src={thumbnailUrl} alt="" className={`size-full object-contain ${item.visible ? "" : "opacity-35"}`} draggable={false} />
        </span>
        <div className="min-w-0 flex-1">
          <p className={`truncate text-sm font-medium ${item.visible ? "text-zinc-900 dark:text-zinc-100" : "text-muted"}`}>{item.name}</p>
          <p className="truncate text-xs text-muted tabular-nums">{placement(item, isBase)}</p>
        </div>
        <IconButton
          label={`${item.visible ? "Hide" : "Show"} ${item.name}`}
          icon={item.visible ? icons.eye : icons.eyeOff}
          pressed={item.visible}
          quiet
          onClick={actions.onToggleVisibility}
          testId="layer-visibility"
          controlName="visibility"
        />
        <IconButton label={soloed ? `Stop showing only ${item.name}` : `Show only ${item.name} (solo)`} icon={icons.solo} pressed={soloed} onClick={actions.onSolo} testId="layer-solo" controlName="solo" />
      </div>

      <div className="mt-1.5 flex items-center gap-2 pl-6">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          onChange={(event) => actions.onOpacity(Number(event.target.value) / 100)}
          aria-label={`Opacity of ${item.name}`}
          aria-valuetext={`${percent}%`}
          data-testid="layer-opacity"
          data-control="opacity"
          className="h-1.5 min-w-0 flex-1 cursor-pointer accent-accent-600"
        />
        <span className="w-9 text-right text-xs text-muted tabular-nums">{percent}%</span>
        <div className="flex items-center">
          {onMove ? (
            <>
              <IconButton label={`Move ${item.name} up`} icon={icons.up} disabled={!canMoveUp} onClick={() => onMove("up")} controlName="up" />
              <IconButton label={`Move ${item.name} down`} icon={icons.down} disabled={!canMoveDown} onClick={() => onMove("down")} controlName="down" />
            </>
          ) : (
            // The base never moves: its slider lines up with the layers' all the same.
            <span className="w-14" aria-hidden />
          )}
          {actions.onUseAsReference ? <IconButton label={`Use ${item.name} as reference`} icon={icons.reference} onClick={actions.onUseAsReference} controlName="reference" /> : null}
          <IconLink label={`Animate ${item.name}`} icon={icons.animate} href={animateHref(item.assetId)} />
          <IconLink label={`Open ${item.name} in chat editor`} icon={icons.chat} href={chatEditorHref(item.assetId)} />
          <IconLink label={`Download ${item.name}`} icon={icons.download} href={downloadUrl} download />
        </div>
      </div>
    </li>
  );
}
