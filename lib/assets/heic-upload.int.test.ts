import { readFile } from "node:fs/promises";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/uploads/route";
import { blobStore } from "@/lib/storage";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";

// The upload route runs as `session.user`; the blob store and database under it are real.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const storage = useSessionStorage("heic-uploads");

function upload(body: Buffer, type = "image/heic") {
  return POST(uploadRequest("http://studio.test/api/uploads?purpose=beta", body, { "content-type": type }), { params: Promise.resolve({}) });
}

describe("issue 10: an iPhone HEIC upload (HEVC) becomes a usable image", () => {
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
