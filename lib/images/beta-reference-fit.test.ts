import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { fitReferenceFiles, type ReferenceFile } from "./beta-reference-fit";

async function fileOf(bytes: Buffer): Promise<ReferenceFile> {
  const meta = await sharp(bytes).metadata();
  return { mime: `image/${meta.format === "jpeg" ? "jpeg" : meta.format}`, width: meta.width, height: meta.height, bytes: bytes.length, read: async () => bytes };
}

const noisePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png({ compressionLevel: 1 }).toBuffer();

const flatPng = (width: number, height: number, background = "#3366cc") => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** The JSON body the request would carry with these images: what spec 8 limits to 20 MB. */
function bodyOf(images: string[]) {
  return Buffer.byteLength(JSON.stringify({ model: "beta-image-v5.0-lite", prompt: "é".repeat(600), images, size: "2K", output_format: "png" }));
}

function decodedUrl(url: string) {
  const match = /^data:image\/([a-z]+);base64,(.*)$/.exec(url);
  if (!match) throw new Error("not a data URL");
  return { format: match[1], bytes: Buffer.from(match[2], "base64") };
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (thrown: unknown) => thrown);
  if (!(error instanceof AppError)) throw new Error("expected an AppError");
  return error;
}

describe("fitReferenceFiles (spec 8: body ≤ 20 MB, each ≤ 30 MB and 36 MP, ≥ 14×14, 1:16–16:1)", () => {
  it("leaves a small set untouched, sent as lowercase data URLs, with no adjustments", async () => {
    const png = await flatPng(640, 480);
    const jpeg = await sharp(png).jpeg().toBuffer();
    const fitted = await fitReferenceFiles([await fileOf(png), await fileOf(jpeg)]);
    expect(fitted.adjustments).toEqual([]);
    expect(fitted.images).toEqual([`data:image/png;base64,${png.toString("base64")}`, `data:image/jpeg;base64,${jpeg.toString("base64")}`]);
  });

  it("re-encodes the largest of 3 × 9 MB noise PNGs until the body is under 20 MB, and says so", async () => {
    const pngs = await Promise.all([noisePng(1750, 1750), noisePng(1740, 1740), noisePng(1730, 1730)]);
    for (const png of pngs) expect(png.length).toBeGreaterThan(8_500_000);
    const fitted = await fitReferenceFiles(await Promise.all(pngs.map(fileOf)));

    expect(bodyOf(fitted.images)).toBeLessThanOrEqual(20_000_000);
    // The two largest were re-encoded; the smallest, once they were, fitted as it was.
    expect(fitted.adjustments).toHaveLength(2);
    expect(fitted.adjustments[0]).toMatch(/^Reference 1 \(PNG, 9\.\d MB\) was re-encoded as JPEG at \d+(\.\d)? MB so the request stays under 20 MB$/);
    expect(fitted.adjustments[1]).toMatch(/^Reference 2 \(PNG, 9\.\d MB\) was re-encoded as JPEG at/);
    expect(fitted.images[2]).toBe(`data:image/png;base64,${pngs[2].toString("base64")}`);
    for (const [index, url] of fitted.images.slice(0, 2).entries()) {
      const { format, bytes } = decodedUrl(url);
      expect(format).toBe("jpeg");
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: index === 0 ? 1750 : 1740 });
    }
  }, 60_000);

  it("scales a 40 MP image down to at most 36 MP, keeping its ratio", async () => {
    const png = await flatPng(8000, 5000, "#aa5500");
    const fitted = await fitReferenceFiles([await fileOf(png)]);
    const { format, bytes } = decodedUrl(fitted.images[0]);
    const meta = await sharp(bytes).metadata();
    expect(format).toBe("jpeg");
    expect(meta.width * meta.height).toBeLessThanOrEqual(36_000_000);
    expect(meta.width * meta.height).toBeGreaterThan(35_900_000);
    expect(meta.width / meta.height).toBeCloseTo(1.6, 3);
    expect(fitted.adjustments).toEqual([
      expect.stringMatching(/^Reference 1 \(PNG, [\d.]+ MB\) was scaled from 8000×5000 to 7589×4743 and re-encoded as JPEG at [\d.]+ MB so it stays within the 36 million pixels the image service accepts$/),
    ]);
  }, 60_000);

  it("keeps transparency: an image with alpha is shrunk as WebP, not JPEG", async () => {
    const transparent = await sharp({ create: { width: 1500, height: 1500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 }, noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const fitted = await fitReferenceFiles([await fileOf(transparent)], { maxBodyBytes: 4_000_000 });
    const { format, bytes } = decodedUrl(fitted.images[0]);
    expect(format).toBe("webp");
    expect((await sharp(bytes).metadata()).hasAlpha).toBe(true);
  }, 60_000);

  it("refuses a 1:20 image, naming images.<n> and the ratio rule", async () => {
    const error = await refusalOf(fitReferenceFiles([await fileOf(await flatPng(100, 100)), await fileOf(await flatPng(20, 400))]));
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual([{ field: "images.1", message: expect.stringContaining("must have an aspect ratio between 1:16 and 16:1; this one is 20×400, about 1:20") }]);
  });

  it("refuses an image under 14×14, naming images.<n>", async () => {
    const error = await refusalOf(fitReferenceFiles([await fileOf(await flatPng(13, 40))]));
    expect(error.fields).toEqual([{ field: "images.0", message: "must be at least 14×14 pixels; this one is 13×40 (spec 8)" }]);
  });

  it("refuses a set that cannot fit even at the smallest size the rules allow, naming images", async () => {
    const pngs = await Promise.all([flatPng(64, 64), flatPng(64, 64, "#112233")]);
    const error = await refusalOf(fitReferenceFiles(await Promise.all(pngs.map(fileOf)), { maxBodyBytes: 33_000 }));
    expect(error.fields[0]).toMatchObject({ field: "images", message: expect.stringContaining("together must fit in a") });
  });
});
