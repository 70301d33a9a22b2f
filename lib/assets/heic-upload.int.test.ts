import { readFile } from "node:fs/promises";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/uploads/route";
import { decodeInProcess } from "@/lib/assets/heif-decoder-process";
import { heicGridBomb } from "@/lib/assets/test-support";
import { blobStore } from "@/lib/storage";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";

// The upload route runs as `session.user`; the blob store and database under it are real.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));
// The HEVC decoder as it is, watched: a refusal "before decoding" must never reach it.
vi.mock("@/lib/assets/heif-decoder-process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/assets/heif-decoder-process")>();
  return { ...actual, decodeInProcess: vi.fn(actual.decodeInProcess) };
});

const storage = useSessionStorage("heic-uploads");

function upload(body: Buffer, type = "image/heic") {
  return POST(uploadRequest("http://studio.test/api/uploads?purpose=beta", body, { "content-type": type }), { params: Promise.resolve({}) });
}

describe("an iPhone HEIC upload (HEVC) becomes a usable image", () => {
  it("is stored as a JPEG with a thumbnail, its original not kept, and the answer says so", async () => {
    const heic = await readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
    const response = await upload(heic);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.conversion).toEqual({ from: "image/heic", to: "image/jpeg", message: "Converted from HEIC to JPEG" });
    expect(body.asset).toMatchObject({ mime: "image/jpeg", width: 3024, height: 4032 });
    expect(body.asset.thumbnailUrl).toBe(`/api/assets/${body.asset.id}?variant=thumb`);

    const row = await storage.testDb.db.asset.findUniqueOrThrow({ where: { id: body.asset.id } });
    const stored = await buffer(await blobStore().get(row.storageKey));
    expect(Number(row.bytes)).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 3024, height: 4032 });
    const thumbnail = await sharp(await buffer(await blobStore().get(row.thumbnailKey!))).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 288, height: 384 });
    // The converted file and its thumbnail: the HEIC itself is gone.
    expect((await storage.stored()).blobs).toHaveLength(2);
  });

  it("an HEIC cut off in its image data → 415 not a readable image; nothing kept", async () => {
    const heic = await readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
    const before = await storage.stored();
    const response = await upload(heic.subarray(0, 200_000));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toMatchObject({ code: "unsupported_media_type", message: "The file is not a readable image" });
    expect(await storage.stored()).toEqual(before);
  });
});

describe("an HEIC whose primary grid declares more pixels than the limit", () => {
  const fixture = () => readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
  const MB = 2 ** 20;

  /** The route's answer, and by how much this process's resident memory (the studio's, here) grew meanwhile at its peak. */
  async function uploadMeasured(body: Buffer) {
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const response = await upload(body);
      await response.clone().arrayBuffer();
      return { response, growth: Math.max(peak, process.memoryUsage().rss) - baseline };
    } finally {
      clearInterval(sampler);
    }
  }

  it("a 15360×15360 grid of the fixture's 512×512 tiles (830 KB) → 413 naming the pixel rule, refused before anything decodes it; nothing kept", async () => {
    const bomb = heicGridBomb(await fixture(), 30);
    expect(bomb.length).toBeLessThan(900_000);
    vi.mocked(decodeInProcess).mockClear();
    const before = await storage.stored();
    const response = await upload(bomb);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({
      code: "payload_too_large",
      message: "The image is 15360×15360 pixels; images may have at most 24,000 pixels on a side and 67,108,864 pixels in all",
      fields: [{ field: "file", message: "must have at most 24,000 pixels on a side and 67,108,864 pixels in all" }],
    });
    expect(decodeInProcess).not.toHaveBeenCalled();
    expect(await storage.stored()).toEqual(before);
  });

  it("the studio's resident memory grows by less than 512 MB while it refuses the grid", async () => {
    const { response, growth } = await uploadMeasured(heicGridBomb(await fixture(), 30));
    expect(response.status).toBe(413);
    console.info(`resident memory growth during the hostile upload: ${Math.round(growth / MB)} MB`);
    expect(growth).toBeLessThan(512 * MB);
  }, 120_000);
});
