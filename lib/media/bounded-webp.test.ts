import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boundedWebp, THUMBNAIL_MAX_BYTES } from "./bounded-webp";

// The gallery grid never gets a thumbnail over the limit, even of pure noise, the worst
// case for a compressor; a photo-like picture keeps the usual size and quality.
const noise = (width: number, height: number, channels: 3 | 4) => sharp(randomBytes(width * height * channels), { raw: { width, height, channels } });

describe("boundedWebp", () => {
  it("bounds a noisy 2048x2048 image's thumbnail", async () => {
    const webp = await boundedWebp(noise(2048, 2048, 3), 384);
    expect(webp.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 384, height: 384 });
  });

  it("bounds a noisy image with a noisy alpha channel, shrinking it if quality alone is not enough", async () => {
    const webp = await boundedWebp(noise(2048, 2048, 4), 384);
    expect(webp.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
    expect((await sharp(webp).metadata()).hasAlpha).toBe(true);
  });

  it("bounds a noisy video poster frame at the poster's size", async () => {
    const frame = await noise(640, 360, 3).png().toBuffer();
    const webp = await boundedWebp(sharp(frame), 640);
    expect(webp.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
    expect((await sharp(webp).metadata()).width).toBeGreaterThanOrEqual(320);
  });

  it("leaves a smooth picture at full size", async () => {
    const gradient = sharp({ create: { width: 2048, height: 1024, channels: 3, background: "#3366aa" } });
    const webp = await boundedWebp(gradient, 384);
    expect(await sharp(webp).metadata()).toMatchObject({ width: 384, height: 192 });
  });
});
