import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/uploads/route";
import { blobStore } from "@/lib/storage";
import { session } from "@/test/session-double";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";
import { storeImage } from "./store-image";
import { bmp, pngBomb, pngHeaderThenGarbage } from "./test-support";

// The upload route runs as `session.user`; the blob store and database under it are real.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const storage = useSessionStorage("uploads");
afterEach(() => vi.restoreAllMocks());

const stored = storage.stored;

type UploadBody = Buffer | ReadableStream<Uint8Array>;

function upload(purpose: string, body: UploadBody, headers: Record<string, string> = { "content-type": "image/png" }) {
  return POST(uploadRequest(`http://studio.test/api/uploads?purpose=${encodeURIComponent(purpose)}`, body, headers), { params: Promise.resolve({}) });
}

async function refusal(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields: { field: string; message: string }[] } }).error;
}

/** A body that counts how many chunks were read from it (none until something reads). */
function countedBody(chunk: Uint8Array, chunks: number) {
  const body = { reads: 0, stream: undefined as unknown as ReadableStream<Uint8Array> };
  body.stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        body.reads += 1;
        if (body.reads > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return body;
}

// sharp writes AV1-coded HEIF under the "avif" brand; an iPhone's HEIC says "heic" (and is HEVC-coded,
// which sharp cannot decode here: test/fixtures/iphone-8-plus-hevc.heic covers that case).
async function heicOf(width: number, height: number): Promise<Buffer> {
  const file = await sharp({ create: { width, height, channels: 3, background: "#36c" } }).heif({ compression: "av1" }).toBuffer();
  file.write("heic", 8, "latin1");
  return file;
}

const smallPng = () => sharp({ create: { width: 320, height: 200, channels: 3, background: "#7a2" } }).png().toBuffer();

describe("an upload purpose from the prototype chain", () => {
  it.each(["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", ""])("purpose=%s → 400 naming purpose, nothing written or read", async (purpose) => {
    const before = await stored();
    const body = countedBody(new Uint8Array(1_000_000), 50);
    const response = await upload(purpose, body.stream, { "content-type": "image/png", "content-length": "50000000" });
    expect(response.status).toBe(400);
    expect(await refusal(response)).toMatchObject({ code: "validation_failed", fields: [{ field: "purpose", message: "must be one of alpha-v3, alpha-v35, beta, video" }] });
    expect(body.reads).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ["alpha-v3", 50_000_000, "10 MB"],
    ["beta", 300_000_000, "30 MB"],
  ])("a %s body declaring %i bytes → 413 before a byte is read", async (purpose, length, limit) => {
    const before = await stored();
    const body = countedBody(new Uint8Array(1_000_000), length / 1_000_000);
    const response = await upload(purpose, body.stream, { "content-type": "image/png", "content-length": String(length) });
    expect(response.status).toBe(413);
    expect(await refusal(response)).toMatchObject({ code: "payload_too_large", fields: [{ field: "file", message: `must be at most ${limit}` }] });
    expect(body.reads).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it("a body with no Content-Length is cut off at the purpose's limit → 413, nothing kept", async () => {
    const before = await stored();
    const body = countedBody(new Uint8Array(1_000_000), 50);
    const response = await upload("alpha-v3", body.stream, { "content-type": "image/png", "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect(body.reads).toBeLessThan(15);
    expect(await stored()).toEqual(before);
  });

  it.each(["text/html", "multipart/form-data; boundary=x", "image/svg+xml", "application/json"])("Content-Type %s → 415 naming Content-Type", async (type) => {
    const before = await stored();
    const response = await upload("beta", await smallPng(), { "content-type": type });
    expect(response.status).toBe(415);
    expect(await refusal(response)).toMatchObject({ code: "unsupported_media_type", fields: [{ field: "Content-Type" }] });
    expect(await stored()).toEqual(before);
  });

  it("no Content-Type → 415 naming Content-Type", async () => {
    const response = await upload("alpha-v3", await smallPng(), {});
    expect(response.status).toBe(415);
    expect((await refusal(response)).fields[0].field).toBe("Content-Type");
  });

  it.each(["application/octet-stream", "image/jpeg"])("a PNG declared as %s is stored (the bytes decide the type)", async (type) => {
    const response = await upload("alpha-v3", await smallPng(), { "content-type": type });
    expect(response.status).toBe(201);
    expect((await response.json()).asset).toMatchObject({ mime: "image/png", width: 320, height: 200 });
  });
});

describe("pixel bombs and broken images", () => {
  it("a 20000×20000 PNG (389 KB) → 413 naming the pixel rule; no blob, no row", async () => {
    const bomb = pngBomb(20_000, 1);
    expect(bomb.length).toBeLessThan(400_000);
    const before = await stored();
    const response = await upload("alpha-v3", bomb);
    expect(response.status).toBe(413);
    const error = await refusal(response);
    expect(error.message).toBe("The image is 20000×20000 pixels; images may have at most 24,000 pixels on a side and 67,108,864 pixels in all");
    expect(error.fields).toEqual([{ field: "file", message: "must have at most 24,000 pixels on a side and 67,108,864 pixels in all" }]);
    expect(await stored()).toEqual(before);
  });

  it("a 16000×16000 RGBA PNG → 413 at once, without decoding it", async () => {
    const bomb = pngBomb(16_000, 4);
    const before = await stored();
    const started = performance.now();
    const response = await upload("beta", bomb);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(413);
    expect(elapsed).toBeLessThan(1000); // decoding it took 2.6 s on these machines
    expect(await stored()).toEqual(before);
  });

  it("a BMP declaring 30000×30000 (no decoder here) → 413 from its header", async () => {
    const before = await stored();
    const response = await upload("beta", bmp(30_000, 30_000, 1024), { "content-type": "image/bmp" });
    expect(response.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it("a PNG header followed by garbage → 415 not a readable image; no blob", async () => {
    const before = await stored();
    const response = await upload("alpha-v3", pngHeaderThenGarbage());
    expect(response.status).toBe(415);
    expect(await refusal(response)).toMatchObject({
      code: "unsupported_media_type",
      message: "The file is not a readable image",
      fields: [{ field: "file", message: "must be a complete PNG or JPEG image that decodes (it is damaged or cut off)" }],
    });
    expect(await stored()).toEqual(before);
  });

  it("a PNG cut off half way → 415; no blob", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).png().toBuffer();
    const before = await stored();
    const response = await upload("alpha-v3", png.subarray(0, png.length / 2));
    expect(response.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("a valid PNG with an HTML <script> tail is stored whole: it is a readable image", async () => {
    const png = Buffer.concat([await smallPng(), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const response = await upload("alpha-v3", png);
    expect(response.status).toBe(201);
    const { asset } = await response.json();
    expect(asset).toMatchObject({ mime: "image/png", width: 320, height: 200, bytes: png.length });
    expect(asset.thumbnailUrl).toBeTruthy();
  });

  it("a TIFF whose header lies past the first 512 KiB is measured by the decoder and stored", async () => {
    const tiff = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#a53" } }).tiff({ compression: "none" }).toBuffer();
    expect(tiff.readUInt32LE(4)).toBeGreaterThan(512 * 1024); // the image file directory's offset
    const response = await upload("beta", tiff, { "content-type": "image/tiff" });
    expect(response.status).toBe(201);
    expect((await response.json()).asset).toMatchObject({ mime: "image/tiff", width: 700, height: 400 });
  });

  it("beta keeps a BMP it cannot decode: size from the header, no thumbnail", async () => {
    const response = await upload("beta", bmp(64, 32), { "content-type": "image/bmp" });
    expect(response.status).toBe(201);
    expect((await response.json()).asset).toMatchObject({ mime: "image/bmp", width: 64, height: 32, thumbnailUrl: null });
  });

  it("beta stores an HEIC upload converted to JPEG (the iPhone HEVC case is in heic-upload.int.test.ts)", async () => {
    const heic = await heicOf(640, 480);
    const response = await upload("beta", heic, { "content-type": "image/heic" });
    expect(response.status).toBe(201);
    expect((await response.json()).asset).toMatchObject({ mime: "image/jpeg", width: 640, height: 480 });
  });

  it("an HEIC whose header does not give its size → 415; no blob", async () => {
    const heic = await heicOf(640, 480);
    const ispe = heic.indexOf("ispe", 0, "latin1");
    heic.write("xxxx", ispe, "latin1");
    const before = await stored();
    const response = await upload("beta", heic, { "content-type": "image/heic" });
    expect(response.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("an error after the blob was written (the database failing) leaves no blob", async () => {
    const before = await stored();
    // The row is created in a transaction with the end of its blobs' holds.
    vi.spyOn(storage.testDb.db, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
    const png = await sharp({ create: { width: 90, height: 90, channels: 3, background: "#0a0" } }).png().toBuffer();
    await expect(storeImage({ source: Readable.from([png]), ownerId: session.user!.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 1_000_000, decode: "before-row" })).rejects.toThrow(
      "connection lost",
    );
    expect(await stored()).toEqual(before);
  });

  it("an abort after the blob was written leaves no blob", async () => {
    const before = await stored();
    const controller = new AbortController();
    const put = blobStore().put.bind(blobStore());
    vi.spyOn(blobStore(), "put").mockImplementationOnce(async (...args) => {
      const info = await put(...args);
      controller.abort();
      return info;
    });
    const png = await sharp({ create: { width: 91, height: 90, channels: 3, background: "#0a0" } }).png().toBuffer();
    await expect(
      storeImage({ source: Readable.from([png]), ownerId: session.user!.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 1_000_000, signal: controller.signal, decode: "before-row" }),
    ).rejects.toThrow(/abort/i);
    expect(await stored()).toEqual(before);
  });

  it("a failing store does not remove a blob that a store of the same bytes is about to record", async () => {
    const png = await sharp({ create: { width: 92, height: 90, channels: 3, background: "#0a0" } }).png().toBuffer();
    const input = { ownerId: session.user!.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 1_000_000, decode: "before-row" } as const;
    // B reaches its row while A, which wrote the same blob, fails; B's row waits until A has cleaned up.
    let bAtRow!: () => void;
    const bReachedRow = new Promise<void>((resolve) => (bAtRow = resolve));
    let aSettled!: () => void;
    const aDone = new Promise<void>((resolve) => (aSettled = resolve));
    const transaction = storage.testDb.db.$transaction.bind(storage.testDb.db) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(storage.testDb.db, "$transaction").mockImplementationOnce(((...args: unknown[]) => {
      bAtRow();
      return aDone.then(() => transaction(...args));
    }) as never);
    const controller = new AbortController();
    const put = blobStore().put.bind(blobStore());
    vi.spyOn(blobStore(), "put").mockImplementationOnce(async (...args) => {
      const info = await put(...args);
      await bReachedRow;
      controller.abort();
      return info;
    });

    const a = storeImage({ ...input, source: Readable.from([png]), signal: controller.signal }).finally(() => aSettled());
    const b = storeImage({ ...input, source: Readable.from([png]) });
    await expect(a).rejects.toThrow(/abort/i);
    const asset = await b;
    expect(await blobStore().stat(asset.storageKey)).toEqual({ bytes: png.length });
    expect(asset.thumbnailKey && (await blobStore().stat(asset.thumbnailKey))).toBeTruthy();
  });
});
