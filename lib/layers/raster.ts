// Pixels as the export builders take them: plain RGBA (not premultiplied), 8 bits per channel, so the
// same builder runs in the browser (pixels read from a canvas) and in Node tests (pixels from sharp).

export type RgbaImage = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

/** One layer of an exported document: its pixels are already at its size on the base. */
export type ExportLayer = { name: string; x: number; y: number; opacity: number; visible: boolean; image: RgbaImage };

/** A layered document: the base's size, and its layers in paint order (the base first). */
export type ExportDocument = { width: number; height: number; layers: ExportLayer[] };

/** Encodes RGBA as a PNG that keeps its alpha channel (canvas in the browser, sharp in tests). */
export type PngEncoder = (image: RgbaImage) => Promise<Uint8Array>;

/**
 * The document as a viewer shows it: its visible layers painted bottom to top with source-over at
 * their opacity, clipped to the document. Pixels outside every layer stay transparent.
 */
export function compositeDocument(document: ExportDocument): RgbaImage {
  const { width, height } = document;
  const out = new Uint8ClampedArray(width * height * 4);
  for (const layer of document.layers) {
    if (!layer.visible || layer.opacity <= 0) continue;
    const { image } = layer;
    const left = Math.max(0, layer.x);
    const top = Math.max(0, layer.y);
    const right = Math.min(width, layer.x + image.width);
    const bottom = Math.min(height, layer.y + image.height);
    for (let y = top; y < bottom; y += 1) {
      for (let x = left; x < right; x += 1) {
        const from = ((y - layer.y) * image.width + (x - layer.x)) * 4;
        const to = (y * width + x) * 4;
        const sourceAlpha = (image.data[from + 3] / 255) * layer.opacity;
        if (sourceAlpha <= 0) continue;
        const destinationAlpha = out[to + 3] / 255;
        const alpha = sourceAlpha + destinationAlpha * (1 - sourceAlpha);
        for (let channel = 0; channel < 3; channel += 1) {
          const blended = image.data[from + channel] * sourceAlpha + out[to + channel] * destinationAlpha * (1 - sourceAlpha);
          out[to + channel] = blended / alpha;
        }
        out[to + 3] = alpha * 255;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * The image shrunk to fit within `maxSide` (area average, alpha-weighted so transparent pixels do not
 * darken edges); returned unchanged when it already fits. OpenRaster thumbnails are at most 256 px.
 */
export function fitWithin(image: RgbaImage, maxSide: number): RgbaImage {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const from = (sy * image.width + sx) * 4;
          const weight = image.data[from + 3];
          red += image.data[from] * weight;
          green += image.data[from + 1] * weight;
          blue += image.data[from + 2] * weight;
          alpha += weight;
        }
      }
      const to = (y * width + x) * 4;
      const count = (y1 - y0) * (x1 - x0);
      if (alpha > 0) {
        out[to] = red / alpha;
        out[to + 1] = green / alpha;
        out[to + 2] = blue / alpha;
      }
      out[to + 3] = alpha / count;
    }
  }
  return { width, height, data: out };
}
