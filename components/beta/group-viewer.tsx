"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { ImageActions } from "@/components/images/image-actions";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import { CloseIcon } from "@/components/ui/close-icon";

type Props = {
  title: string;
  images: readonly AssetDto[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onUseAsReference?: (image: AssetDto) => void;
};

const barButton = "inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white";
const stepButton =
  "grid size-11 shrink-0 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 disabled:pointer-events-none disabled:opacity-25";

/**
 * A group set one image at a time, full screen: ← and → step through it, Escape closes, and the
 * modal <dialog> keeps the keyboard inside while open (the grid gets it back on close).
 */
export function GroupViewer({ title, images, index, onIndexChange, onClose, onUseAsReference }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const image = images[index];
  const count = images.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  function step(delta: number) {
    const next = index + delta;
    if (next >= 0 && next < count) onIndexChange(next);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => onIndexChange(0),
      End: () => onIndexChange(count - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  if (!image) return null;
  const position = `${index + 1} of ${count}`;
  return (
    <dialog
      ref={dialogRef}
      data-testid="group-viewer"
      aria-label={`Image ${position}`}
      aria-describedby="group-viewer-help"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      className="fixed inset-0 m-0 hidden h-dvh max-h-none w-dvw max-w-none flex-col bg-zinc-950/95 p-0 text-white outline-none open:flex backdrop:bg-zinc-950/60"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-white/10 px-4 py-2 text-sm">
        <p className="mr-auto min-w-0 truncate text-white/70">
          <span className="font-medium text-white tabular-nums" data-testid="group-viewer-position" aria-live="polite">
            Image {position}
          </span>
          <span className="hidden sm:inline">
            {" · "}
            {title}
            {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
          </span>
        </p>
        <ImageActions image={image} onUseAsReference={onUseAsReference} buttonClass={barButton} iconClass="size-4" />
        <button type="button" onClick={onClose} aria-label="Close viewer" className="grid size-8 place-items-center rounded-md text-white/80 hover:bg-white/10 hover:text-white">
          <CloseIcon className="size-5" />
        </button>
      </div>

      <div className="flex min-h-0 flex-1 items-center gap-2 px-2 py-4 sm:gap-4 sm:px-4">
        <button type="button" className={stepButton} aria-label="Previous image" disabled={index === 0} onClick={() => step(-1)}>
          <ActionIcon path={icons.previous} className="size-5" />
        </button>
        <div className="flex h-full min-w-0 flex-1 items-center justify-center">
          <img
            key={image.id}
            src={image.delivery.url}
            alt={`${title}, image ${position}`}
            data-testid="group-viewer-image"
            data-asset-id={image.id}
            className="max-h-full max-w-full rounded-md object-contain shadow-2xl"
          />
        </div>
        <button type="button" className={stepButton} aria-label="Next image" disabled={index === count - 1} onClick={() => step(1)}>
          <ActionIcon path={icons.next} className="size-5" />
        </button>
      </div>

      <div className="border-t border-white/10 px-4 py-3">
        <ol className="flex justify-center gap-2 overflow-x-auto" aria-label="All images of the set">
          {images.map((each, position) => (
            <li key={each.id}>
              <button
                type="button"
                onClick={() => onIndexChange(position)}
                aria-label={`Show image ${position + 1} of ${count}`}
                aria-current={position === index ? "true" : undefined}
                className={`block size-14 overflow-hidden rounded-md ring-2 transition ${position === index ? "ring-accent-400" : "opacity-60 ring-transparent hover:opacity-100"}`}
              >
                <img src={each.delivery.thumbnailUrl ?? each.delivery.url} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ol>
        <p id="group-viewer-help" className="mt-2 text-center text-[11px] text-white/45">
          ← → to step through · Home / End for the first and last · Esc to close
        </p>
      </div>
    </dialog>
  );
}
