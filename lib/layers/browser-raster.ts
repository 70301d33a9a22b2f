import type { RgbaImage } from "./raster";

// The browser's side of the exports: images to RGBA through a canvas, RGBA to PNG, stored files to
// bytes, and a finished file to the downloads folder. The builders themselves stay free of the DOM.

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("This browser could not prepare the image (no 2D canvas).");
  return context;
}

/** The image's pixels at `width`×`height` (scaled to a layer's box on the base, for instance). */
export function rasterize(source: CanvasImageSource, width: number, height: number): RgbaImage {
  const canvas = canvasOf(width, height);
  const context = context2d(canvas);
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return { width, height, data };
}

/** PNG bytes of RGBA pixels; a canvas always encodes PNG with its alpha channel. */
export async function encodePngInBrowser(image: RgbaImage): Promise<Uint8Array> {
  const canvas = canvasOf(image.width, image.height);
  context2d(canvas).putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("This browser could not encode the image as PNG.");
  return new Uint8Array(await blob.arrayBuffer());
}

/** The stored file's bytes, through the studio's own asset link (the session cookie goes with it). */
export async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`An image could not be downloaded (HTTP ${response.status}). Reload the page and try again.`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Hands a finished file to the browser's downloads. */
export function saveFile(data: Blob | Uint8Array, fileName: string, type: string): void {
  const blob = data instanceof Blob ? data : new Blob([new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the Blob by the next task; a minute leaves slow machines room.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
