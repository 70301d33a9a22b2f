import { readFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/uploads/route";
import { loadSettings } from "@/lib/settings";
import { blobStore } from "@/lib/storage";
import { createTestDb, type TestDb } from "@/test/db";
import { session } from "@/test/session-double";
import { createTestUser } from "@/test/users";
import { blobFiles } from "./test-support";

// The upload route runs as `session.user`; the blob store and database under it are real.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

let dataDir: string;
let testDb: TestDb;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-heic-uploads-"));
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  session.user = await createTestUser(testDb.db);
});
afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(body: Buffer, type = "image/heic") {
  const request = new Request("http://studio.test/api/uploads?purpose=beta", {
    method: "POST",
    body: new Uint8Array(body),
    headers: { "content-type": type, "content-length": String(body.length) },
  });
  return POST(request, { params: Promise.resolve({}) });
}

const blobs = async () => (await blobFiles(path.join(dataDir, "blobs"))).sort();

describe("issue 10: an iPhone HEIC upload (HEVC) becomes a usable image", () => {
  it("is stored as a JPEG with a thumbnail, its original not kept, and the answer says so", async () => {
    const heic = await readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
    const response = await upload(heic);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.conversion).toEqual({ from: "image/heic", to: "image/jpeg", message: "Converted from HEIC to JPEG" });
    expect(body.asset).toMatchObject({ mime: "image/jpeg", width: 3024, height: 4032 });
    expect(body.asset.thumbnailUrl).toBe(`/api/assets/${body.asset.id}?variant=thumb`);

    const row = await testDb.db.asset.findUniqueOrThrow({ where: { id: body.asset.id } });
    const stored = await buffer(await blobStore().get(row.storageKey));
    expect(Number(row.bytes)).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 3024, height: 4032 });
    const thumbnail = await sharp(await buffer(await blobStore().get(row.thumbnailKey!))).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 288, height: 384 });
    // The converted file and its thumbnail: the HEIC itself is gone.
    expect(await blobs()).toHaveLength(2);
  });

  it("an HEIC cut off in its image data → 415 not a readable image; nothing kept", async () => {
    const heic = await readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
    const before = { blobs: await blobs(), rows: await testDb.db.asset.count() };
    const response = await upload(heic.subarray(0, 200_000));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toMatchObject({ code: "unsupported_media_type", message: "The file is not a readable image" });
    expect({ blobs: await blobs(), rows: await testDb.db.asset.count() }).toEqual(before);
  });
});
