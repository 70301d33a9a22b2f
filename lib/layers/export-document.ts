import type { ZipSource } from "./export-zip";
import { numberedFileName } from "./file-names";
import { paintOrder, type LayerItem, type LayerStack } from "./layer-stack";
import type { ExportDocument, RgbaImage } from "./raster";

// From the panel's stack to what the exports take. Layered formats (.ora, .psd) place pixels without
// scaling, so every layer is drawn at its box's size on the base; the ZIP of PNGs keeps each stored
// file as it is, at its own resolution, with a manifest saying where it goes.

/** The stack as a layered document at the base's size; `rasterOf` gives an item's pixels at its box size. */
export function exportDocumentOf(stack: LayerStack, rasterOf: (item: LayerItem) => RgbaImage): ExportDocument {
  return {
    width: stack.base.box.width,
    height: stack.base.box.height,
    layers: paintOrder(stack).map((item) => ({
      name: item.name,
      x: item.box.x,
      y: item.box.y,
      opacity: item.opacity,
      visible: item.visible,
      image: rasterOf(item),
    })),
  };
}

const MANIFEST_NAME = "layers.json";

/**
 * The files of the "ZIP of PNGs": every stored image in paint order ("01-base-image.png",
 * "02-layer-1.png", ...) and `layers.json`, which gives each file's box on the base, opacity and
 * visibility so the set can be put together again elsewhere.
 */
export function layerZipSources(stack: LayerStack, extensionOf: (item: LayerItem) => string, load: (item: LayerItem) => Promise<Uint8Array>): ZipSource[] {
  const items = paintOrder(stack);
  const files = items.map((item, index) => ({ item, name: numberedFileName(index + 1, items.length, item.name, extensionOf(item)) }));
  const manifest = {
    width: stack.base.box.width,
    height: stack.base.box.height,
    order: "bottom to top",
    layers: files.map(({ item, name }) => ({ file: name, name: item.name, box: item.box, opacity: item.opacity, visible: item.visible })),
  };
  return [
    ...files.map(({ item, name }) => ({ name, load: () => load(item) })),
    { name: MANIFEST_NAME, load: async () => new TextEncoder().encode(JSON.stringify(manifest, null, 2)) },
  ];
}
