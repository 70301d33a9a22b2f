"use client";

import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { RetryAlert } from "@/components/ui/retry-alert";
import { Spinner } from "@/components/ui/spinner";
import { exportBaseName } from "@/lib/layers/file-names";
import { moveLayer, moveLayerTo, setOpacity, stackFromImages, toggleSolo, toggleVisibility, visibleStack, type LayerStack } from "@/lib/layers/layer-stack";
import { LayerComposite } from "./layer-composite";
import { LayerExports } from "./layer-exports";
import { LayerRow } from "./layer-row";
import { ResultMediaHeader, type ResultMediaProps } from "./result-media";
import { useLoadedImages } from "./use-loaded-images";

/**
 * A layer decomposition (spec 2.4: a base image and up to 16 layers, PNGs with alpha; `images` holds
 * the base, role "base", and its layers, role "layer", in `position` order, placed by `layout`) as a small
 * layer editor: the live composite of the visible layers, and per layer visibility, solo, opacity
 * and order, then exports as a ZIP of PNGs, OpenRaster and Photoshop files. Edits live in the page
 * only; the stored images never change. Frameless: it fills a result card's media slot.
 */
export function LayerPanel(props: ResultMediaProps) {
  // A new generation starts from its own stack.
  return <LayerEditor key={props.generationId} {...props} />;
}

function LayerEditor({ generationId, title, images, onUseAsReference }: ResultMediaProps) {
  const loaded = useLoadedImages(images);
  const initial = useMemo(() => stackFromImages(images, loaded.sizes), [images, loaded.sizes]);
  const [edited, setEdited] = useState<LayerStack>();
  const stack = edited ?? initial;
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<{ id: string; over?: string }>();
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = useRef<{ id: string; control: string }>(undefined);

  const byId = useMemo(() => new Map(images.map((image) => [image.id, image])), [images]);

  // A row that moved keeps the keyboard on the control it had (React may re-insert the moved row's
  // element, which drops focus), or on its other move button once a move button reaches an end.
  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = undefined;
    const row = listRef.current?.querySelector(`[data-layer-id="${CSS.escape(moved.id)}"]`);
    const target =
      row?.querySelector<HTMLElement>(`[data-control="${moved.control}"]:not(:disabled)`) ??
      row?.querySelector<HTMLElement>(`[data-control="up"]:not(:disabled), [data-control="down"]:not(:disabled)`);
    target?.focus();
  }, [stack]);

  if (!stack) {
    return (
      <section className="p-4" data-testid="layer-panel" aria-label={`Layers of ${title}`} aria-busy={loaded.state === "loading"}>
        {loaded.state === "failed" ? (
          <RetryAlert title="The layers could not be loaded" onRetry={loaded.retry}>
            One of the images did not download. Check the connection, then try again.
          </RetryAlert>
        ) : images.length === 0 ? (
          <p className="text-sm text-muted">This generation has no layers.</p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> Loading layers…
          </p>
        )}
      </section>
    );
  }

  const current = stack;
  // Each edit applies to the latest stack, so two quick clicks in one frame both count.
  const update = (change: (latest: LayerStack) => LayerStack) => setEdited((latest) => change(latest ?? current));
  const nameOf = (id: string) => [current.base, ...current.layers].find((item) => item.assetId === id)?.name ?? "Layer";
  const visibleCount = visibleStack(current).length;
  const total = current.layers.length + 1;

  function move(id: string, direction: "up" | "down") {
    const next = moveLayer(current, id, direction);
    if (next === current) return;
    update((latest) => moveLayer(latest, id, direction));
    // Alt+↑/↓ leaves the keyboard where it was; a move button keeps it on that button.
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.control : undefined;
    focusAfterMove.current = { id, control: focused ?? direction };
    const position = next.layers.length - next.layers.findIndex((item) => item.assetId === id);
    setAnnouncement(`${nameOf(id)} moved ${direction}: now ${ordinal(position)} from the top of ${next.layers.length} layers.`);
  }

  function dragProps(id: string) {
    return {
      over: dragging?.over === id && dragging.id !== id,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", id);
        const row = (event.currentTarget as HTMLElement).closest("li");
        if (row) event.dataTransfer.setDragImage(row, 24, 24);
        setDragging({ id });
      },
      onDragOver: (event: DragEvent) => {
        if (!dragging) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (dragging.over !== id) setDragging({ ...dragging, over: id });
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        if (!dragging || dragging.id === id) return;
        const index = current.layers.findIndex((item) => item.assetId === id);
        const draggedId = dragging.id;
        update((latest) => moveLayerTo(latest, draggedId, index));
        setAnnouncement(`${nameOf(dragging.id)} moved to where ${nameOf(id)} was.`);
        setDragging(undefined);
      },
      onDragEnd: () => setDragging(undefined),
    };
  }

  const rowOf = (id: string) => byId.get(id);
  // The panel lists the top layer first, as image editors do; the base stays at the bottom.
  const topFirst = [...current.layers].reverse();

  return (
    <section data-testid="layer-panel" aria-label={`Layers of ${title}`}>
      <ResultMediaHeader heading="Layers" count={`${current.layers.length} ${current.layers.length === 1 ? "layer" : "layers"} + base`}>
        <LayerExports stack={current} elements={loaded.elements} mimeOf={(id) => byId.get(id)?.mime ?? "image/png"} fileBaseName={exportBaseName(title, generationId)} />
      </ResultMediaHeader>

      <div className="grid lg:grid-cols-[minmax(0,1fr)_22rem]">
        <figure className="flex min-w-0 flex-col border-b border-zinc-200 bg-zinc-100 p-3 sm:p-4 lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-950">
          {loaded.state === "failed" ? (
            <div className="mb-3">
              <RetryAlert title="Some layers could not be loaded" onRetry={loaded.retry}>
                The preview and the layered exports need every image. Check the connection, then try again.
              </RetryAlert>
            </div>
          ) : null}
          <div className="relative h-[26rem] max-h-[65vh] min-h-64">
            <LayerComposite stack={current} elements={loaded.elements} />
            {loaded.state === "loading" ? (
              <span className="absolute inset-0 grid place-items-center">
                <span className="flex items-center gap-2 rounded-full bg-white/90 px-3 py-1.5 text-xs text-zinc-600 shadow-sm dark:bg-zinc-900/90 dark:text-zinc-300">
                  <Spinner /> Loading layers…
                </span>
              </span>
            ) : null}
          </div>
          <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted tabular-nums">
            <span>
              {current.base.box.width}×{current.base.box.height} · {visibleCount} of {total} shown
            </span>
            {current.solo ? (
              <button type="button" onClick={() => update((latest) => (latest.solo ? toggleSolo(latest, latest.solo.assetId) : latest))} className="font-medium text-accent-700 hover:underline dark:text-accent-400">
                Showing only {nameOf(current.solo.assetId)} · show all again
              </button>
            ) : (
              <span>Live preview of the visible layers</span>
            )}
          </figcaption>
        </figure>

        <div className="flex min-h-0 flex-col">
          <p className="px-4 pt-3 pb-1 text-[11px] tracking-wide text-muted uppercase" id={`layer-list-${generationId}`}>
            Top to bottom
          </p>
          <ol ref={listRef} aria-labelledby={`layer-list-${generationId}`} className="max-h-[34rem] space-y-0.5 overflow-y-auto px-2 pb-3">
            {[...topFirst, current.base].map((item) => {
              const isBase = item === current.base;
              const paintIndex = current.layers.indexOf(item);
              const image = rowOf(item.assetId);
              return (
                <LayerRow
                  key={item.assetId}
                  item={item}
                  isBase={isBase}
                  thumbnailUrl={image?.delivery.thumbnailUrl ?? item.url}
                  downloadUrl={image?.downloadUrl ?? item.url}
                  soloed={current.solo?.assetId === item.assetId}
                  canMoveUp={!isBase && paintIndex < current.layers.length - 1}
                  canMoveDown={!isBase && paintIndex > 0}
                  drag={isBase ? undefined : dragProps(item.assetId)}
                  actions={{
                    onToggleVisibility: () => {
                      update((latest) => toggleVisibility(latest, item.assetId));
                      setAnnouncement(`${item.name} ${item.visible ? "hidden" : "shown"}.`);
                    },
                    onSolo: () => {
                      const soloed = current.solo?.assetId === item.assetId;
                      update((latest) => toggleSolo(latest, item.assetId));
                      setAnnouncement(soloed ? "Earlier visibility restored." : `Showing only ${item.name}.`);
                    },
                    onOpacity: (opacity) => update((latest) => setOpacity(latest, item.assetId, opacity)),
                    onMove: isBase ? undefined : (direction) => move(item.assetId, direction),
                    onUseAsReference: onUseAsReference && image ? () => onUseAsReference(image) : undefined,
                  }}
                />
              );
            })}
          </ol>
          <p className="mt-auto border-t border-zinc-200 px-4 py-2 text-[11px] text-muted dark:border-zinc-800">
            Reorder with the arrows, Alt+↑/↓ or by dragging the grip. Changes stay in this page and go into the exports.
          </p>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function ordinal(position: number): string {
  const suffix = position % 100 >= 11 && position % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][position % 10] ?? "th");
  return `${position}${suffix}`;
}
