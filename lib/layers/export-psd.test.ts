import { initializeCanvas, readPsd, type Layer } from "ag-psd";
import { beforeAll, describe, expect, it } from "vitest";
import { buildPsd } from "./export-psd";
import { moveLayer, setOpacity, toggleVisibility } from "./layer-stack";
import type { ExportDocument, RgbaImage } from "./raster";
import { decompositionFixture, documentOf, fixtureStack, pixelAt } from "./test-support";

let document: ExportDocument;
let layers: Layer[];
let composite: RgbaImage;

beforeAll(async () => {
  // Reading in Node: ag-psd asks for ImageData objects only (useImageData), never a real canvas.
  initializeCanvas(
    () => {
      throw new Error("no canvas in Node");
    },
    (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }) as ImageData,
  );
  const fixture = await decompositionFixture();
  // Layer 2 faded, Layer 3 hidden, Layer 1 moved over Layer 2: the file must carry every edit.
  const stack = moveLayer(toggleVisibility(setOpacity(fixtureStack(fixture), "layer-green", 0.5), "layer-blue"), "layer-red", "up");
  document = await documentOf(stack, fixture.pngs);
  const psd = readPsd(buildPsd(document), { useImageData: true });
  expect([psd.width, psd.height]).toEqual([96, 64]);
  layers = psd.children ?? [];
  composite = psd.imageData as RgbaImage;
});

describe("Photoshop export", () => {
  it("holds every layer bottom to top with its name, place, size, opacity and hidden flag", () => {
    expect(layers.map((layer) => layer.name)).toEqual(["Base image", "Layer 2", "Layer 1", "Layer 3", "Layer 4"]);
    const placement = layers.map((layer) => [layer.left, layer.top, layer.right, layer.bottom]);
    expect(placement).toEqual([
      [0, 0, 96, 64],
      [30, 20, 55, 45],
      [4, 6, 44, 36],
      [60, 30, 92, 46],
      [0, 0, 96, 64],
    ]);
    expect(layers.map((layer) => layer.opacity)).toEqual([1, 128 / 255, 1, 1, 1]);
    expect(layers.map((layer) => Boolean(layer.hidden))).toEqual([false, false, false, true, false]);
  });

  it("keeps each layer's pixels and alpha, and the base stays a normal layer", () => {
    layers.forEach((layer, index) => {
      const written = document.layers[index].image;
      const read = layer.imageData as RgbaImage;
      expect([read.width, read.height], layer.name).toEqual([written.width, written.height]);
      expect(Array.from(read.data)).toEqual(Array.from(written.data));
    });
    for (const layer of layers.slice(1)) {
      const alpha = (layer.imageData as RgbaImage).data.filter((_, i) => i % 4 === 3);
      expect(alpha.some((value) => value === 0), layer.name).toBe(true);
      expect(alpha.some((value) => value > 0), layer.name).toBe(true);
    }
    expect(pixelAt(layers[0].imageData as RgbaImage, 0, 0)[3]).toBe(255);
  });

  it("carries a composite of the visible layers for readers that show only the merged image", () => {
    expect([composite.width, composite.height]).toEqual([96, 64]);
    // Outside every layer's ellipse only the base shows.
    expect(pixelAt(composite, 0, 63)).toEqual(pixelAt(document.layers[0].image, 0, 63));
    // Inside Layer 1 (red, visible) the composite is not the base.
    expect(pixelAt(composite, 24, 21)).not.toEqual(pixelAt(document.layers[0].image, 24, 21));
  });
});
