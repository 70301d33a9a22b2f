import sharp from "sharp";
import type { ImageFormat } from "./files";
import { encode } from "./render";
import { hashSeed, seededRandom } from "./seeded-random";
import type { Size } from "./sizes";

export interface LayerBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Decomposition {
  base: Buffer;
  baseSize: Size;
  layers: { png: Buffer; bbox: LayerBox; size: Size }[];
}

/** Spec 8: up to 16 layers plus one base image. */
export const MAX_LAYERS = 16;
/** Our choice when the prompt names no count. */
export const DEFAULT_LAYER_COUNT = 4;

/** "3 layers" in the prompt chooses the count (capped at 16); otherwise the default. */
export function layerCountFromPrompt(prompt: string): number {
  const stated = /\b(\d{1,2})\s+layers?\b/i.exec(prompt);
  return stated ? Math.min(MAX_LAYERS, Math.max(1, Number(stated[1]))) : DEFAULT_LAYER_COUNT;
}

const insideEllipse = (box: LayerBox, x: number, y: number) => {
  const dx = (x + 0.5 - (box.x + box.width / 2)) / (box.width / 2);
  const dy = (y + 0.5 - (box.y + box.height / 2)) / (box.height / 2);
  return dx * dx + dy * dy <= 1;
};

function chooseBoxes(size: Size, count: number, seedText: string): LayerBox[] {
  const random = seededRandom(hashSeed(seedText, "layers"));
  return Array.from({ length: count }, () => {
    const width = Math.max(8, Math.floor(size.width * (0.15 + random() * 0.3)));
    const height = Math.max(8, Math.floor(size.height * (0.15 + random() * 0.3)));
    return { x: Math.floor(random() * (size.width - width)), y: Math.floor(random() * (size.height - height)), width, height };
  });
}

/**
 * Spec 4.3 layer decomposition, for real: elliptical regions of the source are cut out into
 * PNG layers with a true alpha channel, and the base is the source with those regions filled
 * with its mean colour. Compositing every layer (scaled to its bbox, bottom to top) over the
 * base gives the source back. Each layer keeps its own aspect ratio at about `layerArea` pixels.
 */
export async function decomposeLayers(opts: {
  source: Buffer;
  baseSize: Size;
  layerArea: number;
  count: number;
  seedText: string;
  baseFormat: ImageFormat;
}): Promise<Decomposition> {
  const { width, height } = opts.baseSize;
  const pixels = await sharp(opts.source).resize(width, height, { fit: "fill" }).ensureAlpha().raw().toBuffer();
  const mean = [0, 1, 2].map((channel) => {
    let sum = 0;
    for (let i = channel; i < pixels.length; i += 4) sum += pixels[i];
    return Math.round(sum / (width * height));
  });

  const boxes = chooseBoxes(opts.baseSize, opts.count, opts.seedText);
  const base = Buffer.from(pixels);
  const layerPixels = boxes.map((box) => {
    const layer = Buffer.alloc(box.width * box.height * 4);
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        if (!insideEllipse(box, box.x + x, box.y + y)) continue;
        const from = ((box.y + y) * width + box.x + x) * 4;
        const to = (y * box.width + x) * 4;
        pixels.copy(layer, to, from, from + 3);
        layer[to + 3] = 255;
        base[from] = mean[0];
        base[from + 1] = mean[1];
        base[from + 2] = mean[2];
        base[from + 3] = 255;
      }
    }
    return layer;
  });

  const layers = await Promise.all(
    boxes.map(async (box, index) => {
      const scale = Math.sqrt(opts.layerArea / (box.width * box.height));
      const size = { width: Math.max(1, Math.round(box.width * scale)), height: Math.max(1, Math.round(box.height * scale)) };
      const png = await encode(
        sharp(layerPixels[index], { raw: { width: box.width, height: box.height, channels: 4 } }).resize(size.width, size.height, {
          kernel: "nearest",
        }),
        "png",
      );
      return { png, bbox: box, size };
    }),
  );

  const baseBytes = await encode(sharp(base, { raw: { width, height, channels: 4 } }).removeAlpha(), opts.baseFormat);
  return { base: baseBytes, baseSize: opts.baseSize, layers };
}
