import { describe, expect, it } from "vitest";
import { compositeDocument, fitWithin, type ExportLayer, type RgbaImage } from "./raster";
import { pixelAt } from "./test-support";

function solid(width: number, height: number, rgba: [number, number, number, number]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

const layer = (image: RgbaImage, x: number, y: number, extra: Partial<ExportLayer> = {}): ExportLayer => ({ name: "layer", x, y, opacity: 1, visible: true, image, ...extra });

describe("compositing the visible layers", () => {
  it("paints layers bottom to top at their offsets, clipped to the document", () => {
    const result = compositeDocument({
      width: 4,
      height: 4,
      layers: [layer(solid(4, 4, [0, 0, 255, 255]), 0, 0), layer(solid(3, 3, [255, 0, 0, 255]), 2, 2)],
    });
    expect(pixelAt(result, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(result, 3, 3)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(result, 1, 2)).toEqual([0, 0, 255, 255]);
  });

  it("blends a layer at its opacity and its own alpha (source-over)", () => {
    const result = compositeDocument({
      width: 2,
      height: 1,
      layers: [layer(solid(2, 1, [0, 0, 0, 255]), 0, 0), layer(solid(1, 1, [255, 255, 255, 128]), 0, 0, { opacity: 0.5 })],
    });
    // 128/255 alpha at half opacity covers about a quarter: 255 × 0.251 ≈ 64.
    expect(pixelAt(result, 0, 0)).toEqual([64, 64, 64, 255]);
    expect(pixelAt(result, 1, 0)).toEqual([0, 0, 0, 255]);
  });

  it("skips hidden layers and leaves uncovered pixels transparent", () => {
    const result = compositeDocument({
      width: 3,
      height: 1,
      layers: [layer(solid(3, 1, [9, 9, 9, 255]), 0, 0, { visible: false }), layer(solid(1, 1, [200, 100, 0, 255]), 1, 0)],
    });
    expect(pixelAt(result, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixelAt(result, 1, 0)).toEqual([200, 100, 0, 255]);
  });

  it("keeps a layer's colour where it lies on transparency", () => {
    const result = compositeDocument({ width: 1, height: 1, layers: [layer(solid(1, 1, [10, 200, 30, 100]), 0, 0)] });
    expect(pixelAt(result, 0, 0)).toEqual([10, 200, 30, 100]);
  });
});

describe("shrinking for a thumbnail", () => {
  it("fits the longer side and averages by alpha, so transparent pixels do not darken colour", () => {
    const image = solid(512, 256, [255, 0, 0, 255]);
    for (let y = 0; y < 256; y += 1) for (let x = 0; x < 256; x += 1) image.data.set([0, 0, 0, 0], (y * 512 + x) * 4);
    const thumb = fitWithin(image, 256);
    expect([thumb.width, thumb.height]).toEqual([256, 128]);
    expect(pixelAt(thumb, 10, 10)).toEqual([0, 0, 0, 0]);
    expect(pixelAt(thumb, 200, 100)).toEqual([255, 0, 0, 255]);
  });

  it("returns a small image as it is", () => {
    const image = solid(100, 20, [1, 2, 3, 4]);
    expect(fitWithin(image, 256)).toBe(image);
  });
});
