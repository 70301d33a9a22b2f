import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { layerZipSources } from "./export-document";
import { zipBlob, zipStream, type ZipSource } from "./export-zip";
import { moveLayer, toggleVisibility } from "./layer-stack";
import { decompositionFixture, fixtureStack } from "./test-support";

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe("ZIP of images, streamed", () => {
  it("holds every file byte for byte, stored rather than deflated again", async () => {
    const fixture = await decompositionFixture();
    const sources: ZipSource[] = [...fixture.pngs].map(([id, png]) => ({ name: `${id}.png`, load: async () => new Uint8Array(png) }));
    const blob = await zipBlob(sources);
    expect(blob.type).toBe("application/zip");
    const zip = await bytesOf(blob);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(sources.map((source) => source.name));
    for (const [id, png] of fixture.pngs) {
      expect(Buffer.from(files[`${id}.png`]).equals(png)).toBe(true);
      expect((await sharp(files[`${id}.png`]).metadata()).hasAlpha).toBe(id !== "base");
    }
    // Compression method 0 (stored) in the first local header.
    expect(new DataView(zip.buffer).getUint16(8, true)).toBe(0);
  });

  it("loads one file at a time, only as the reader asks for more", async () => {
    const loaded: string[] = [];
    const sources = ["a", "b", "c"].map((name) => ({ name: `${name}.png`, load: async () => (loaded.push(name), new Uint8Array(1000).fill(name.charCodeAt(0))) }));
    const reader = zipStream(sources).getReader();
    await reader.read();
    expect(loaded.length).toBeLessThan(3);
    while (!(await reader.read()).done);
    expect(loaded).toEqual(["a", "b", "c"]);
  });

  it("fails the download when a file cannot be loaded", async () => {
    const sources = [{ name: "a.png", load: () => Promise.reject(new Error("HTTP 404")) }];
    await expect(zipBlob(sources)).rejects.toThrow("HTTP 404");
  });
});

describe("ZIP of a decomposition's layers", () => {
  it("holds every stored image in paint order and a manifest placing each on the base", async () => {
    const fixture = await decompositionFixture();
    const stack = moveLayer(toggleVisibility(fixtureStack(fixture), "layer-blue"), "layer-red", "up");
    const sources = layerZipSources(stack, () => "png", async (item) => new Uint8Array(fixture.pngs.get(item.assetId)!));
    const files = unzipSync(await bytesOf(await zipBlob(sources)));
    expect(Object.keys(files)).toEqual(["1-base-image.png", "2-layer-2.png", "3-layer-1.png", "4-layer-3.png", "5-layer-4.png", "layers.json"]);
    expect(Buffer.from(files["3-layer-1.png"]).equals(fixture.pngs.get("layer-red")!)).toBe(true);
    const manifest = JSON.parse(strFromU8(files["layers.json"]));
    expect(manifest).toMatchObject({ width: 96, height: 64, order: "bottom to top" });
    expect(manifest.layers[3]).toEqual({ file: "4-layer-3.png", name: "Layer 3", box: { x: 60, y: 30, width: 32, height: 16 }, opacity: 1, visible: false });
  });
});
