import { writePsdUint8Array, type Layer } from "ag-psd";
import { compositeDocument, type ExportDocument } from "./raster";

// A layered Photoshop document (Photoshop, Photopea and GIMP open it with its layers). Pixels are
// handed to ag-psd as plain RGBA (`imageData`), so no canvas is needed and the builder runs in Node.

/** The document as a `.psd` file: one pixel layer per layer, at its place, with its name, opacity and visibility. */
export function buildPsd(document: ExportDocument): Uint8Array {
  // ag-psd lists children bottom to top, which is the document's paint order.
  const children: Layer[] = document.layers.map((layer) => ({
    name: layer.name,
    left: layer.x,
    top: layer.y,
    right: layer.x + layer.image.width,
    bottom: layer.y + layer.image.height,
    opacity: layer.opacity,
    hidden: !layer.visible,
    imageData: layer.image,
  }));
  return writePsdUint8Array(
    { width: document.width, height: document.height, children, imageData: compositeDocument(document) },
    // Without noBackground an opaque bottom layer becomes Photoshop's locked "Background": the base
    // keeps its name and stays a layer that can be hidden or faded like the others.
    { noBackground: true },
  );
}
