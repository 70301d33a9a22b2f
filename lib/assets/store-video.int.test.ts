import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { probeMedia } from "@/lib/media/ffmpeg";
import { makeClip, makeTone } from "@/lib/media/test-media";
import { loadSettings } from "@/lib/settings";
import { blobStore } from "@/lib/storage";
import { BlobTooLargeError, withLocalFile } from "@/lib/storage/blob-store";
import { createTestDb, type TestDb } from "@/test/db";
import { createTestUser } from "@/test/users";
import { storeConvertedVideo, storeVideoResult } from "./store-video";
import { blobFiles } from "./test-support";

// The sync worker's side of video storage: a job's MP4 archived as an asset with its poster frame,
// and its "720p delivery" conversion (spec 8), with real files made by ffmpeg.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});

let dataDir: string;
let media: string;
let testDb: TestDb;
let owner: { ownerId: string; teamId: string | null };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-store-video-"));
  media = path.join(dataDir, "media");
  await mkdir(media);
  process.env.STUDIO_DATA_DIR = dataDir;
  loadSettings();
  testDb = await createTestDb();
  const user = await createTestUser(testDb.db);
  owner = { ownerId: user.id, teamId: user.teamIds[0] ?? null };
});
afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function stored() {
  return { blobs: (await blobFiles(path.join(dataDir, "blobs"))).sort(), rows: await testDb.db.asset.count() };
}

/** What conversions left in the data directory: nothing, once each is done. */
async function conversionFiles() {
  return readdir(path.join(dataDir, "conversions"), { recursive: true });
}

describe("storeVideoResult", () => {
  it("archives a real MP4 as a video asset with its size, length, hash and a poster frame sharp reads", async () => {
    const file = await makeClip(media, "result.mp4", { width: 1344, height: 768, fps: 24, seconds: 3, audio: true });
    const bytes = await readFile(file);
    const asset = await storeVideoResult({ ...owner, source: createReadStream(file) });
    expect(asset).toMatchObject({ kind: "video", mime: "video/mp4", width: 1344, height: 768, bytes: BigInt(bytes.length) });
    expect(asset.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(asset.durationMs).toBeGreaterThanOrEqual(2950);
    expect(asset.durationMs).toBeLessThanOrEqual(3100);
    expect((await buffer(await blobStore().get(asset.storageKey))).equals(bytes)).toBe(true);
    const poster = await buffer(await blobStore().get(asset.thumbnailKey!));
    expect(await sharp(poster).metadata()).toMatchObject({ format: "webp", width: 640, height: 366 });
  });

  it.each([
    ["sound only (a WAV)", () => makeTone(media, "not-video.wav", 3)],
    ["an MP4 cut off after 4 KB", async () => {
      const cut = path.join(media, "cut.mp4");
      const whole = await readFile(await makeClip(media, "whole.mp4", { width: 320, height: 256, fps: 24, seconds: 2 }));
      await writeFile(cut, whole.subarray(0, 4096));
      return cut;
    }],
  ])("refuses %s as not a playable video and keeps nothing", async (_label, make) => {
    const file = await make();
    const before = await stored();
    await expect(storeVideoResult({ ...owner, source: createReadStream(file) })).rejects.toMatchObject({
      code: "upstream_failed",
      message: expect.stringContaining("not a playable MP4 video"),
    });
    expect(await stored()).toEqual(before);
  });

  it("cuts a download off past maxBytes and keeps nothing", async () => {
    const file = await makeClip(media, "big.mp4", { width: 640, height: 360, fps: 24, seconds: 2 });
    const before = await stored();
    await expect(storeVideoResult({ ...owner, source: createReadStream(file), maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await stored()).toEqual(before);
  });
});

describe("storeConvertedVideo (720p delivery)", () => {
  it("makes a second video asset at the 720p frame (1280×720 from 1344×768), its own poster, and no temp files left", async () => {
    const file = await makeClip(media, "wide.mp4", { width: 1344, height: 768, fps: 24, seconds: 2, audio: true });
    const source = await storeVideoResult({ ...owner, source: createReadStream(file) });
    const converted = await storeConvertedVideo(source, { width: 1280, height: 720 }, owner);
    expect(converted.id).not.toBe(source.id);
    expect(converted).toMatchObject({ kind: "video", mime: "video/mp4", width: 1280, height: 720 });
    expect(converted.storageKey).not.toBe(source.storageKey);
    const probe = await withLocalFile(blobStore(), converted.storageKey, (file) => probeMedia(file));
    expect(Math.min(probe.video!.width, probe.video!.height)).toBe(720);
    expect(probe.audio?.codec).toBe("aac");
    expect(await sharp(await buffer(await blobStore().get(converted.thumbnailKey!))).metadata()).toMatchObject({ format: "webp", width: 640 });
    expect(await conversionFiles()).toEqual([]);
  });

  it("a cancelled conversion stores nothing and leaves no temp files", async () => {
    const file = await makeClip(media, "tall.mp4", { width: 768, height: 1344, fps: 24, seconds: 4 });
    const source = await storeVideoResult({ ...owner, source: createReadStream(file) });
    const before = await stored();
    const controller = new AbortController();
    const converting = storeConvertedVideo(source, { width: 720, height: 1280 }, { ...owner, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("the job was deleted")), 50);
    await expect(converting).rejects.toThrow("the job was deleted");
    expect(await stored()).toEqual(before);
    expect(await conversionFiles()).toEqual([]);
  });
});
