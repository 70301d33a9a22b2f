import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { imageSize } from "image-size";
import { convertHeif, decodeHeif } from "./heic";
import { heicGridBomb } from "./test-support";
import { ImageDecodeError } from "./thumbnail";

const fixture = () => readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));

type Box = { type: string; start: number; end: number; body: number };

// Just enough of ISO BMFF (ISO/IEC 14496-12, 23008-12) to check what the fixture is, independently
// of the decoders under test.
function boxesIn(file: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    boxes.push({ type, start: at, end: at + size, body: at + 8 });
    at += size;
  }
  return boxes;
}

function child(file: Buffer, parent: Box, type: string, skip = 0): Box {
  const box = boxesIn(file, parent.body + skip, parent.end).find((candidate) => candidate.type === type);
  if (!box) throw new Error(`no ${type} box`);
  return box;
}

/** The primary item's type, and the types of every item (iinf version 0, infe version 2). */
function items(file: Buffer) {
  const meta = boxesIn(file, 0, file.length).find((box) => box.type === "meta")!;
  const primary = file.readUInt16BE(child(file, meta, "pitm", 4).body + 4);
  const iinf = child(file, meta, "iinf", 4);
  const types = new Map<number, string>();
  for (const infe of boxesIn(file, iinf.body + 6, iinf.end)) types.set(file.readUInt16BE(infe.body + 4), file.toString("latin1", infe.body + 8, infe.body + 12));
  const ipco = child(file, child(file, meta, "iprp", 4), "ipco");
  const properties = boxesIn(file, ipco.body, ipco.end).map((box) => box.type);
  return { primaryType: types.get(primary), types: [...types.values()], properties, brand: file.toString("latin1", 8, 12) };
}

describe("the iPhone fixture", () => {
  it("is HEVC-coded HEIC as an iPhone writes it: a grid of hvc1 tiles, rotated, with Exif", async () => {
    const { primaryType, types, properties, brand } = items(await fixture());
    expect(brand).toBe("heic");
    expect(primaryType).toBe("grid");
    expect(types.filter((type) => type === "hvc1")).toHaveLength(49); // 48 tiles and the thumbnail
    expect(types).toContain("Exif");
    expect(properties).toContain("hvcC");
    expect(properties).toContain("irot");
  });

  it("cannot be decoded by sharp here (the reason for libheif-js)", async () => {
    await expect(sharp(await fixture()).raw().toBuffer()).rejects.toThrow();
  });
});

describe("convertHeif", () => {
  it("decodes the HEVC fixture to the size its header gives, turned upright (irot 270°)", async () => {
    const file = await fixture();
    const header = imageSize(new Uint8Array(file));
    expect(header).toMatchObject({ width: 4032, height: 3024 });
    const image = await decodeHeif(file);
    expect({ width: image.width, height: image.height }).toEqual({ width: header.height, height: header.width });
    expect(image.data.length).toBe(image.width * image.height * 4);
    // A photograph, not a blank or a single colour: its channels vary widely.
    const stats = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).stats();
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20);
  });

  it("stores an opaque photo as a high-quality JPEG that sharp decodes with the same pixels", async () => {
    const file = await fixture();
    const converted = await convertHeif(file);
    expect(converted).toMatchObject({ mime: "image/jpeg", width: 3024, height: 4032 });
    const meta = await sharp(converted.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 3024, height: 4032, hasAlpha: false });
    const decoded = await decodeHeif(file);
    const original = await sharp(decoded.data, { raw: { width: 3024, height: 4032, channels: 4 } }).removeAlpha().resize(64, 64, { fit: "fill" }).raw().toBuffer();
    const roundTrip = await sharp(converted.bytes).resize(64, 64, { fit: "fill" }).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < original.length; i += 1) difference += Math.abs(original[i] - roundTrip[i]);
    expect(difference / original.length).toBeLessThan(3);
  });

  it("keeps transparency as PNG (AV1-coded HEIF with alpha, which sharp decodes)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><circle cx="32" cy="24" r="20" fill="#c33" fill-opacity="0.6"/></svg>');
    const heif = await sharp(svg).heif({ compression: "av1" }).toBuffer();
    heif.write("heic", 8, "latin1");
    const converted = await convertHeif(heif);
    expect(converted).toMatchObject({ mime: "image/png", width: 64, height: 48 });
    const { data } = await sharp(converted.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the corner is transparent
    expect(data[(24 * 64 + 32) * 4 + 3]).toBeGreaterThan(100); // the circle is not
  });

  it("decodes HEVC off the server's thread: timers keep firing while a photo decodes", async () => {
    const file = await fixture();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    await decodeHeif(file);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Blocked, the timer would fire about once whatever the decode took; free, about every 10 ms.
    expect(elapsed).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  });

  it("refuses a damaged file with ImageDecodeError", async () => {
    const file = await fixture();
    const damaged = Buffer.concat([file.subarray(0, 4000), Buffer.alloc(4000)]);
    await expect(convertHeif(damaged)).rejects.toBeInstanceOf(ImageDecodeError);
  });
});

describe("the HEVC decoder's own limits (a file can lie to the decoder about what its header says)", () => {
  const decodeLimitOf = async (decoding: Promise<unknown>) => {
    const error = await decoding.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ImageDecodeError);
    return (error as ImageDecodeError).cause;
  };

  it("stops a decode that runs past its time limit", async () => {
    // An 8192×8192 grid, which takes about ten seconds to decode whole: stopped long before.
    const grid = heicGridBomb(await fixture(), 16);
    const started = performance.now();
    const cause = await decodeLimitOf(decodeHeif(grid, { timeoutMs: 150, maxMemoryBytes: 2 ** 30 }));
    expect(cause).toMatchObject({ code: "decode_limit", message: "decoding took longer than 0.15 s" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("stops a decode whose process grows past its memory limit", async () => {
    // The photo's pixels alone are 49 MB; the decoder's process peaks at about 200 MB.
    const cause = await decodeLimitOf(decodeHeif(await fixture(), { timeoutMs: 60_000, maxMemoryBytes: 120 * 2 ** 20 }));
    expect(cause).toMatchObject({ code: "decode_limit", message: "decoding needed more than 120 MB" });
  });

  it("decodes a photo at the pixel limit (8192×8192) within the default limits", async () => {
    const image = await decodeHeif(heicGridBomb(await fixture(), 16));
    expect({ width: image.width, height: image.height }).toEqual({ width: 8192, height: 8192 });
  }, 120_000);
});
