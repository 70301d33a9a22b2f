"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { extensionFor } from "@/lib/assets/file-name";
import { encodePngInBrowser, fetchBytes, rasterize, saveFile } from "@/lib/layers/browser-raster";
import { exportDocumentOf, layerZipSources } from "@/lib/layers/export-document";
import type { LayerItem, LayerStack } from "@/lib/layers/layer-stack";
import { ActionIcon, actionClass, icons } from "@/components/ui/action-icon";

type Format = "zip" | "ora" | "psd";

const FORMATS: { format: Format; label: string; hint: string }[] = [
  { format: "zip", label: "ZIP of PNGs", hint: "Every stored image at its own resolution, with layers.json giving each one's place" },
  { format: "ora", label: "OpenRaster (.ora)", hint: "Opens with its layers in GIMP and Krita" },
  { format: "psd", label: "Photoshop (.psd)", hint: "Opens with its layers in Photoshop, Photopea and GIMP" },
];

type Props = {
  stack: LayerStack;
  /** Decoded images by asset id (the composite's), drawn at each layer's box size for layered files. */
  elements: ReadonlyMap<string, CanvasImageSource>;
  mimeOf: (assetId: string) => string;
  fileBaseName: string;
};

/** The exports of the stack as it is now: order, visibility, opacity and names travel into each file. */
export function LayerExports({ stack, elements, mimeOf, fileBaseName }: Props) {
  const [busy, setBusy] = useState<Format>();
  const [failure, setFailure] = useState<string>();

  function layeredDocument() {
    return exportDocumentOf(stack, (item: LayerItem) => {
      const element = elements.get(item.assetId);
      if (!element) throw new Error(`${item.name} is not loaded yet.`);
      return rasterize(element, item.box.width, item.box.height);
    });
  }

  async function build(format: Format) {
    if (format === "zip") {
      // The ZIP writer, like the builders below, loads on first use: most visits never export.
      const { zipBlob } = await import("@/lib/layers/export-zip");
      const sources = layerZipSources(stack, (item) => extensionFor(mimeOf(item.assetId)), (item) => fetchBytes(item.url));
      saveFile(await zipBlob(sources), `${fileBaseName}-layers.zip`, "application/zip");
    } else if (format === "ora") {
      // The builders (and ag-psd) load on first use too.
      const { buildOra } = await import("@/lib/layers/export-ora");
      saveFile(await buildOra(layeredDocument(), encodePngInBrowser), `${fileBaseName}.ora`, "image/openraster");
    } else {
      const { buildPsd } = await import("@/lib/layers/export-psd");
      saveFile(buildPsd(layeredDocument()), `${fileBaseName}.psd`, "image/vnd.adobe.photoshop");
    }
  }

  async function run(format: Format) {
    setBusy(format);
    setFailure(undefined);
    // Let the spinner paint before the synchronous encoding takes the main thread.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    try {
      await build(format);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Export layers">
        {FORMATS.map(({ format, label, hint }) => (
          <button key={format} type="button" className={actionClass} title={hint} disabled={busy !== undefined} onClick={() => void run(format)} data-testid={`export-${format}`}>
            {busy === format ? <Spinner className="size-4 text-muted" /> : <ActionIcon path={format === "zip" ? icons.archive : icons.layers} className="size-4 text-muted" />}
            {label}
          </button>
        ))}
        <span className="sr-only" aria-live="polite">
          {busy ? `Preparing the ${FORMATS.find((entry) => entry.format === busy)?.label} file…` : ""}
        </span>
      </div>
      {failure ? (
        <Alert title="The export could not be made" onDismiss={() => setFailure(undefined)}>
          {failure}
        </Alert>
      ) : null}
    </div>
  );
}
