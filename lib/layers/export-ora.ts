import { strToU8, zipSync, type Zippable } from "fflate";
import { compositeDocument, fitWithin, type ExportDocument, type PngEncoder } from "./raster";

// OpenRaster (https://www.openraster.org/baseline/file-layout-spec.html), the layered format GIMP and
// Krita open natively: a ZIP whose first entry is `mimetype`, stored uncompressed (so the type can be
// read at a fixed offset), then `stack.xml`, one PNG per layer, `mergedimage.png` and a thumbnail of
// at most 256 px.

const ORA_MIME = "image/openraster";
const THUMBNAIL_MAX_SIDE = 256;
// PNGs are already deflated: storing them again costs time and gains nothing.
const STORED = { level: 0 } as const;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function stackXml(document: ExportDocument, sources: string[]): string {
  // stack.xml lists the topmost layer first; the document keeps paint order (base first).
  const layers = document.layers
    .map((layer, index) => {
      const attributes = [
        `name="${escapeAttribute(layer.name)}"`,
        `src="${sources[index]}"`,
        `x="${layer.x}"`,
        `y="${layer.y}"`,
        `opacity="${layer.opacity.toFixed(3)}"`,
        `visibility="${layer.visible ? "visible" : "hidden"}"`,
        `composite-op="svg:src-over"`,
      ];
      return `    <layer ${attributes.join(" ")}/>`;
    })
    .reverse();
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<image version="0.0.5" w="${document.width}" h="${document.height}">`,
    `  <stack>`,
    ...layers,
    `  </stack>`,
    `</image>`,
    ``,
  ].join("\n");
}

/** The document as an `.ora` file; `encodePng` must keep the alpha channel. */
export async function buildOra(document: ExportDocument, encodePng: PngEncoder): Promise<Uint8Array> {
  const sources = document.layers.map((_, index) => `data/layer${String(index).padStart(2, "0")}.png`);
  const merged = compositeDocument(document);
  const layerPngs = await Promise.all(document.layers.map((layer) => encodePng(layer.image)));
  const entries: Zippable = {
    mimetype: [strToU8(ORA_MIME), STORED],
    "stack.xml": strToU8(stackXml(document, sources)),
  };
  layerPngs.forEach((png, index) => {
    entries[sources[index]] = [png, STORED];
  });
  entries["mergedimage.png"] = [await encodePng(merged), STORED];
  entries["Thumbnails/thumbnail.png"] = [await encodePng(fitWithin(merged, THUMBNAIL_MAX_SIDE)), STORED];
  // Insertion order is entry order: `mimetype` stays first.
  return zipSync(entries);
}
