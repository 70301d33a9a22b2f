import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOra } from "./export-ora";
import { moveLayer, setOpacity, toggleVisibility, type LayerStack } from "./layer-stack";
import { decompositionFixture, documentOf, encodePngWithSharp, fixtureStack, type Fixture } from "./test-support";

let fixture: Fixture;
let stack: LayerStack;
let ora: Uint8Array;

beforeAll(async () => {
  fixture = await decompositionFixture();
  // The designer's edits travel into the file: Layer 2 faded, Layer 3 hidden, Layer 1 moved up one.
  stack = moveLayer(toggleVisibility(setOpacity(fixtureStack(fixture), "layer-green", 0.5), "layer-blue"), "layer-red", "up");
  ora = await buildOra(await documentOf(stack, fixture.pngs), encodePngWithSharp);
});

const attributesOf = (xml: string) =>
  [...xml.matchAll(/<layer ([^>]*)\/>/g)].map((match) => Object.fromEntries([...match[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]])));

describe("OpenRaster export", () => {
  it("starts with the mimetype entry, stored uncompressed, so readers can identify the file", () => {
    const view = new DataView(ora.buffer, ora.byteOffset, ora.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    expect(strFromU8(ora.subarray(30, 30 + nameLength))).toBe("mimetype");
    expect(extraLength).toBe(0);
    const start = 30 + nameLength;
    expect(strFromU8(ora.subarray(start, start + "image/openraster".length))).toBe("image/openraster");
  });

  it("lists every layer in stack.xml, topmost first and the base last, with offsets, opacity, visibility and name", () => {
    const files = unzipSync(ora);
    const xml = strFromU8(files["stack.xml"]);
    expect(xml).toMatch(/<image version="[\d.]+" w="96" h="64">/);
    const layers = attributesOf(xml);
    expect(layers.map((layer) => layer.name)).toEqual(["Layer 4", "Layer 3", "Layer 1", "Layer 2", "Base image"]);
    expect(layers[4]).toMatchObject({ x: "0", y: "0", opacity: "1.000", visibility: "visible" });
    expect(layers[2]).toMatchObject({ name: "Layer 1", x: "4", y: "6", visibility: "visible" });
    expect(layers[3]).toMatchObject({ name: "Layer 2", x: "30", y: "20", opacity: "0.500" });
    expect(layers[1]).toMatchObject({ name: "Layer 3", x: "60", y: "30", visibility: "hidden" });
    for (const layer of layers) expect(files[layer.src], layer.src).toBeDefined();
  });

  it("holds one PNG with an alpha channel per layer, at the layer's box size, plus the merged image and a thumbnail", async () => {
    const files = unzipSync(ora);
    const layers = attributesOf(strFromU8(files["stack.xml"]));
    const sizes = [];
    for (const layer of layers) {
      const meta = await sharp(files[layer.src]).metadata();
      expect(meta.format).toBe("png");
      expect(meta.hasAlpha, layer.name).toBe(true);
      sizes.push([meta.width, meta.height]);
    }
    expect(sizes).toEqual([[96, 64], [32, 16], [40, 30], [25, 25], [96, 64]]);
    // The layer keeps its transparency: its box's corner is clear, its middle is painted.
    const red = await sharp(files[layers[2].src]).raw().toBuffer({ resolveWithObject: true });
    expect(red.data[3]).toBe(0);
    expect(red.data[(15 * 40 + 20) * 4 + 3]).toBeGreaterThan(150);

    const merged = await sharp(files["mergedimage.png"]).metadata();
    expect([merged.width, merged.height, merged.hasAlpha]).toEqual([96, 64, true]);
    const thumbnail = await sharp(files["Thumbnails/thumbnail.png"]).metadata();
    expect(Math.max(thumbnail.width ?? 0, thumbnail.height ?? 0)).toBeLessThanOrEqual(256);
  });

  it("merges only the visible layers, at their opacity", async () => {
    const mergedOf = async (edited: LayerStack) => {
      const files = unzipSync(await buildOra(await documentOf(edited, fixture.pngs), encodePngWithSharp));
      const { data } = await sharp(files["mergedimage.png"]).raw().toBuffer({ resolveWithObject: true });
      return (x: number, y: number) => Array.from(data.subarray((y * 96 + x) * 4, (y * 96 + x) * 4 + 4));
    };
    // The yellow veil (Layer 4) covers most of the base; hidden here so the colours below are plain.
    const unveiled = toggleVisibility(stack, "layer-veil");
    const shown = await mergedOf(unveiled);
    const blueShown = await mergedOf(toggleVisibility(unveiled, "layer-blue"));
    const greenOpaque = await mergedOf(setOpacity(unveiled, "layer-green", 1));
    // The centre of the hidden blue layer's box: blue appears only once the layer is shown.
    const [red, , blue] = blueShown(76, 38);
    expect(blue).toBeGreaterThan(red + 60);
    expect(shown(76, 38)).not.toEqual(blueShown(76, 38));
    // The centre of Layer 2 (green, opacity 0.5): fuller green when opaque.
    expect(greenOpaque(42, 32)[1] - greenOpaque(42, 32)[0]).toBeGreaterThan(shown(42, 32)[1] - shown(42, 32)[0]);
  });
});
