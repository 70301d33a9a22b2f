"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { onDemand } from "@/components/ui/on-demand";
import { Spinner } from "@/components/ui/spinner";
import { extensionFor } from "@/lib/assets/file-name";
import { fetchBytes, saveFile } from "@/lib/layers/browser-raster";
import { exportBaseName, numberedFileName } from "@/lib/layers/file-names";
import { animateHref, chatEditorHref } from "@/components/gallery/gallery-links";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { IconButton, IconLink } from "./image-action-icons";
import { ResultMediaHeader, type ResultMediaProps } from "./result-media";

/** One image of the set, full size: it opens on a click, so its code loads then, not with the page. */
const GroupViewer = onDemand(async () => (await import("./group-viewer")).GroupViewer);

/**
 * A lite group (spec 4.3 `sequential_image_generation` auto: one request, up to 15 related images)
 * shown as one set: a grid to open any image from, a full-screen viewer to step through them, and
 * the whole set as one ZIP, streamed so the images are fetched one after another. Frameless: it
 * fills a result card's media slot.
 */
export function GroupSet({ generationId, title, images, onUseAsReference }: ResultMediaProps) {
  const [viewing, setViewing] = useState<number>();
  const [zipping, setZipping] = useState(false);
  const [failure, setFailure] = useState<string>();
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const baseName = exportBaseName(title, generationId);

  async function downloadAll() {
    setZipping(true);
    setFailure(undefined);
    try {
      // The ZIP writer loads on first use: most visits never download a set.
      const { zipBlob } = await import("@/lib/layers/export-zip");
      const sources = images.map((image, index) => ({ name: numberedFileName(index + 1, count, title, extensionFor(image.mime)), load: () => fetchBytes(image.url) }));
      saveFile(await zipBlob(sources), `${baseName}-group.zip`, "application/zip");
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setZipping(false);
    }
  }

  function closeViewer() {
    const index = viewing;
    setViewing(undefined);
    // The keyboard returns to the image the viewer ended on.
    if (index !== undefined) requestAnimationFrame(() => tiles.current[index]?.focus());
  }

  // Arrow keys move between tiles (the grid is one tab stop's worth of work to cross).
  function onTileKeyDown(event: KeyboardEvent, index: number) {
    const grid = event.currentTarget.closest("ul");
    const columns = grid ? getComputedStyle(grid).gridTemplateColumns.split(" ").length : 1;
    const targets: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, ArrowUp: index - columns, ArrowDown: index + columns, Home: 0, End: count - 1 };
    const target = targets[event.key];
    if (target === undefined || target < 0 || target >= count) return;
    event.preventDefault();
    tiles.current[target]?.focus();
  }

  return (
    <section data-testid="group-set" aria-label={`Group of ${count} images: ${title}`}>
      <ResultMediaHeader heading="Group" count={`${count} ${count === 1 ? "image" : "images"}`}>
        <button type="button" className={actionClass} onClick={() => void downloadAll()} disabled={zipping || count === 0} data-testid="group-download-all">
          {zipping ? <Spinner className="size-4 text-muted" /> : <ActionIcon path={icons.archive} className={actionIconClass} />}
          {zipping ? "Preparing ZIP…" : "Download all (ZIP)"}
        </button>
      </ResultMediaHeader>

      {failure ? (
        <div className="px-4 pt-3">
          <Alert title="The ZIP could not be made" onDismiss={() => setFailure(undefined)}>
            {failure}
          </Alert>
        </div>
      ) : null}

      <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 xl:grid-cols-4" aria-label="Images of the group">
        {images.map((image, index) => (
          <li key={image.id} data-testid="group-item" className="group/tile min-w-0">
            <button
              type="button"
              ref={(element) => {
                tiles.current[index] = element;
              }}
              onClick={() => setViewing(index)}
              onKeyDown={(event) => onTileKeyDown(event, index)}
              aria-label={`Open image ${index + 1} of ${count}`}
              style={{ aspectRatio: image.width && image.height ? `${image.width} / ${image.height}` : "1 / 1" }}
              className="relative block w-full overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200 transition hover:ring-2 hover:ring-accent-400 dark:bg-zinc-950 dark:ring-zinc-800"
            >
              <img src={image.delivery.thumbnailUrl ?? image.delivery.url} alt="" className="size-full object-contain transition-transform group-hover/tile:scale-[1.02]" />
              <span className="absolute top-1.5 left-1.5 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums">
                {index + 1} / {count}
              </span>
            </button>
            <div className="mt-1 flex items-center justify-between gap-1">
              <span className="truncate text-xs text-muted tabular-nums">{image.width && image.height ? `${image.width}×${image.height}` : ""}</span>
              <span className="flex items-center">
                {onUseAsReference ? <IconButton label={`Use image ${index + 1} as reference`} icon={icons.reference} onClick={() => onUseAsReference(image)} /> : null}
                <IconLink label={`Animate image ${index + 1}`} icon={icons.animate} href={animateHref(image.id)} />
                <IconLink label={`Open image ${index + 1} in chat editor`} icon={icons.chat} href={chatEditorHref(image.id)} />
                <IconLink label={`Download image ${index + 1}`} icon={icons.download} href={image.downloadUrl} download />
              </span>
            </div>
          </li>
        ))}
      </ul>

      {viewing !== undefined ? (
        <GroupViewer title={title} images={images} index={viewing} onIndexChange={setViewing} onClose={closeViewer} onUseAsReference={onUseAsReference} />
      ) : null}
    </section>
  );
}
