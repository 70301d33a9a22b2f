import { readFile } from "node:fs/promises";
import { HEIF } from "image-size/types/heif";
import { describe, expect, it } from "vitest";
import { heifDecodeSize } from "./heif-size";
import { heicGridBomb } from "./test-support";

const fixture = () => readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));

describe("heifDecodeSize", () => {
  it("reads the iPhone fixture's primary grid as 4032×3024, where the first ispe is a 512×512 tile", async () => {
    const file = new Uint8Array(await fixture());
    expect(HEIF.calculate(file)).toMatchObject({ width: 512, height: 512 });
    expect(heifDecodeSize(file)).toEqual({ width: 4032, height: 3024 });
  });

  it("reads a grid of 30×30 tiles made from the fixture as 15360×15360", async () => {
    const bomb = new Uint8Array(heicGridBomb(await fixture(), 30));
    expect(HEIF.calculate(bomb)).toMatchObject({ width: 512, height: 512 });
    expect(heifDecodeSize(bomb)).toEqual({ width: 15360, height: 15360 });
  });

  it("takes the grid's canvas from its data when its ispe says less", async () => {
    const bomb = heicGridBomb(await fixture(), 30);
    // The grid item's ispe back to the fixture's 4032×3024; its data still says 15360×15360.
    const ispe = bomb.indexOf(Buffer.from([0, 0, 0x3c, 0, 0, 0, 0x3c, 0]));
    bomb.writeUInt32BE(4032, ispe);
    bomb.writeUInt32BE(3024, ispe + 4);
    expect(heifDecodeSize(new Uint8Array(bomb))).toEqual({ width: 15360, height: 15360 });
  });

  it("is unknown when the header is cut off before the item properties", async () => {
    const file = new Uint8Array(await fixture());
    expect(heifDecodeSize(file.subarray(0, 1500))).toBeUndefined();
  });
});
