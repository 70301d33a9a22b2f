import sharp from "sharp";
import { exportDocumentOf } from "./export-document";
import { stackFromImages, type DecomposedImage, type LayerItem, type LayerStack } from "./layer-stack";
import type { ExportDocument, RgbaImage } from "./raster";

// A small layer decomposition made of real PNGs, shaped like the emulator's (spec 2.4): an opaque
// base and layers that are ellipses on transparency, stored at their own resolution and placed on
// the base by their box.

export const BASE_SIZE = { width: 96, height: 64 };

type FixtureLayer = { id: string; color: string; size: { width: number; height: number }; layout: DecomposedImage["layout"] };

const FIXTURE_LAYERS: FixtureLayer[] = [
  { id: "layer-red", color: "#e11d48", size: { width: 80, height: 60 }, layout: { x: 4, y: 6, width: 40, height: 30 } },
  { id: "layer-green", color: "#16a34a", size: { width: 50, height: 50 }, layout: { x: 30, y: 20, width: 25, height: 25 } },
  { id: "layer-blue", color: "#2563eb", size: { width: 64, height: 32 }, layout: { x: 60, y: 30, width: 32, height: 16 } },
  // No box from the upstream: the layer covers the whole base.
  { id: "layer-veil", color: "#facc15", size: BASE_SIZE, layout: null },
];

function ellipsePng(size: { width: number; height: number }, color: string): Promise<Buffer> {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="${color}" fill-opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function basePng(): Promise<Buffer> {
  const { width, height } = BASE_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#334155"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).png().toBuffer();
}

export type Fixture = { images: DecomposedImage[]; pngs: Map<string, Buffer> };

export async function decompositionFixture(): Promise<Fixture> {
  const pngs = new Map<string, Buffer>([["base", await basePng()]]);
  for (const layer of FIXTURE_LAYERS) pngs.set(layer.id, await ellipsePng(layer.size, layer.color));
  const images: DecomposedImage[] = [
    // Listed out of order on purpose: the stack follows `position`.
    ...FIXTURE_LAYERS.map((layer, index) => ({ id: layer.id, url: `/api/assets/${layer.id}`, ...layer.size, role: "layer" as const, position: index + 1, layout: layer.layout })),
    { id: "base", url: "/api/assets/base", ...BASE_SIZE, role: "base" as const, position: 0, layout: null },
  ].reverse();
  return { images, pngs };
}

export async function rgbaOf(png: Buffer, width: number, height: number): Promise<RgbaImage> {
  const data = await sharp(png).resize(width, height, { fit: "fill" }).ensureAlpha().raw().toBuffer();
  return { width, height, data: new Uint8Array(data) };
}

/** What the browser does with a canvas, done with sharp: each item's pixels at its box size. */
export async function documentOf(stack: LayerStack, pngs: Map<string, Buffer>): Promise<ExportDocument> {
  const rasters = new Map<string, RgbaImage>();
  for (const item of [stack.base, ...stack.layers]) rasters.set(item.assetId, await rgbaOf(pngs.get(item.assetId)!, item.box.width, item.box.height));
  return exportDocumentOf(stack, (item: LayerItem) => rasters.get(item.assetId)!);
}

export function fixtureStack(fixture: Fixture): LayerStack {
  const stack = stackFromImages(fixture.images);
  if (!stack) throw new Error("fixture stack has no size");
  return stack;
}

export const encodePngWithSharp = async (image: RgbaImage): Promise<Uint8Array> =>
  new Uint8Array(await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).png().toBuffer());

/** The RGBA pixel at (x, y). */
export function pixelAt(image: RgbaImage, x: number, y: number): number[] {
  const offset = (y * image.width + x) * 4;
  return Array.from(image.data.slice(offset, offset + 4));
}
