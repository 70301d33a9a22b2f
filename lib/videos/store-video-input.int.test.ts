import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getAsset } from "@/app/api/assets/[id]/route";
import { POST } from "@/app/api/uploads/route";
import { blobStore } from "@/lib/storage";
import { makeClip, makeTone } from "@/lib/media/test-media";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";
import { createTestUser } from "@/test/users";
import { storeVideoInput } from "./store-video-input";
import { pngHeaderThenGarbage } from "@/lib/assets/test-support";

// Video inputs (spec 4.4.1) through the upload route, with real media made by ffmpeg: the route runs
// as `session.user`; the blob store, the database and ffmpeg under it are real.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));
// ffprobe as it is, counted: how many runs are under way at once, and the most there ever were.
const probes = vi.hoisted(() => ({ running: 0, most: 0, delayMs: 0 }));
vi.mock("@/lib/media/ffmpeg", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/media/ffmpeg")>();
  return {
    ...actual,
    probeMedia: async (...args: Parameters<typeof actual.probeMedia>) => {
      probes.running += 1;
      probes.most = Math.max(probes.most, probes.running);
      try {
        await new Promise((resolve) => setTimeout(resolve, probes.delayMs));
        return await actual.probeMedia(...args);
      } finally {
        probes.running -= 1;
      }
    },
  };
});

const MIB = 1024 * 1024;

const storage = useSessionStorage("video-uploads");
let media: string;
beforeAll(async () => {
  media = path.join(storage.dataDir, "media");
  await mkdir(media);
});
afterEach(() => vi.restoreAllMocks());

const stored = storage.stored;

type UploadBody = Buffer | ReadableStream<Uint8Array>;

function upload(name: string, body: UploadBody, type: string, headers: Record<string, string> = {}) {
  const request = uploadRequest(`http://studio.test/api/uploads?purpose=video&name=${encodeURIComponent(name)}`, body, { "content-type": type, ...headers });
  return POST(request, { params: Promise.resolve({}) });
}

type Refusal = { code: string; message: string; fields: { field: string; message: string }[] };
type Created = { asset: { id: string; kind: string; mime: string; width: number | null; height: number | null; bytes: number; durationMs: number | null; thumbnailUrl: string | null }; conversion: unknown };

async function refusal(response: Response) {
  return ((await response.json()) as { error: Refusal }).error;
}

/** Uploads and expects a refusal that leaves nothing behind. */
async function refused(name: string, body: UploadBody, type: string, status: number) {
  const before = await stored();
  const response = await upload(name, body, type);
  expect(response.status).toBe(status);
  const error = await refusal(response);
  expect(await stored()).toEqual(before);
  return error;
}

function thumb(id: string) {
  return getAsset(new Request(`http://studio.test/api/assets/${id}?variant=thumb`), { params: Promise.resolve({ id }) });
}

/** The WAV with its `data` chunk (and RIFF size) claiming `seconds` of sound, its bytes unchanged. */
function withClaimedWavSeconds(wav: Buffer, seconds: number): Buffer {
  const lying = Buffer.from(wav);
  let byteRate = 0;
  for (let at = 12; at + 8 <= lying.length; at += 8 + lying.readUInt32LE(at + 4)) {
    const id = lying.toString("latin1", at, at + 4);
    if (id === "fmt ") byteRate = lying.readUInt32LE(at + 16);
    if (id !== "data") continue;
    lying.writeUInt32LE(seconds * byteRate, at + 4);
    lying.writeUInt32LE(seconds * byteRate + at, 4);
    return lying;
  }
  throw new Error("no data chunk");
}

describe("accepted inputs", () => {
  it("a 3 s 24 fps 320×256 MP4 with sound → an input asset with its length and a poster frame", async () => {
    const clip = await readFile(await makeClip(media, "clip.mp4", { width: 320, height: 256, fps: 24, seconds: 3, audio: true }));
    const response = await upload("clip.mp4", clip, "video/mp4");
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body.conversion).toBeNull();
    expect(body.asset).toMatchObject({ kind: "input", mime: "video/mp4", width: 320, height: 256, bytes: clip.length });
    expect(body.asset.durationMs).toBeGreaterThanOrEqual(2950);
    expect(body.asset.durationMs).toBeLessThanOrEqual(3100);
    expect(body.asset.thumbnailUrl).toBe(`/api/assets/${body.asset.id}?variant=thumb`);

    const poster = await thumb(body.asset.id);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 320, height: 256 });

    const row = await storage.testDb.db.asset.findUniqueOrThrow({ where: { id: body.asset.id } });
    expect((await buffer(await blobStore().get(row.storageKey))).equals(clip)).toBe(true);
  });

  it("a MOV recorded turned by 90° is a video/quicktime with its displayed sides; the declared type is only a hint", async () => {
    const clip = await readFile(await makeClip(media, "phone.mov", { width: 320, height: 256, fps: 30, seconds: 2.5, rotate: 90 }));
    const response = await upload("phone.mov", clip, "application/octet-stream");
    expect(response.status).toBe(201);
    expect(((await response.json()) as Created).asset).toMatchObject({ mime: "video/quicktime", width: 256, height: 320 });
  });

  it("a 3 s WAV → an input asset with its length, no size and no thumbnail (its thumb link answers 404)", async () => {
    const tone = await readFile(await makeTone(media, "voice.wav", 3));
    const response = await upload("voice.wav", tone, "audio/wav");
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as Created;
    expect(asset).toMatchObject({ kind: "input", mime: "audio/wav", width: null, height: null, durationMs: 3000, thumbnailUrl: null });
    expect((await thumb(asset.id)).status).toBe(404);
  });

  it("a 4 s MP3 → audio/mpeg", async () => {
    const tone = await readFile(await makeTone(media, "voice.mp3", 4));
    const response = await upload("voice.mp3", tone, "audio/mpeg");
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as Created;
    expect(asset.mime).toBe("audio/mpeg");
    expect(asset.durationMs).toBeGreaterThan(3900);
    expect(asset.durationMs).toBeLessThan(4200);
  });

  it("a 1024×768 PNG → an input image with a thumbnail", async () => {
    const png = await sharp({ create: { width: 1024, height: 768, channels: 3, background: "#2a7" } }).png().toBuffer();
    const response = await upload("photo.png", png, "image/png");
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as Created;
    expect(asset).toMatchObject({ mime: "image/png", width: 1024, height: 768, durationMs: null, thumbnailUrl: `/api/assets/${asset.id}?variant=thumb` });
  });

  it("an iPhone HEIC (HEVC) is stored as PNG (spec 4.4.1), its original not kept, and the answer says so", async () => {
    const heic = await readFile(new URL("../../test/fixtures/iphone-8-plus-hevc.heic", import.meta.url));
    const response = await upload("IMG_0001.HEIC", heic, "image/heic");
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body.conversion).toEqual({ from: "image/heic", to: "image/png", message: "Converted from HEIC to PNG" });
    expect(body.asset).toMatchObject({ mime: "image/png", width: 3024, height: 4032 });
    const row = await storage.testDb.db.asset.findUniqueOrThrow({ where: { id: body.asset.id } });
    const png = await buffer(await blobStore().get(row.storageKey));
    expect(Number(row.bytes)).toBe(png.length);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 3024, height: 4032 });
    const original = createHash("sha256").update(heic).digest("hex");
    expect(await storage.testDb.db.asset.count({ where: { sha256: original } })).toBe(0);
    expect(await blobStore().stat(original)).toBeNull();
  }, 60_000);
});

describe("refusals name the file and the rule, and keep nothing", () => {
  it("a 20 fps clip → 400 naming the frame rate", async () => {
    const clip = await readFile(await makeClip(media, "slow.mp4", { width: 320, height: 256, fps: 20, seconds: 3 }));
    const error = await refused("slow.mp4", clip, "video/mp4", 400);
    expect(error).toMatchObject({ code: "validation_failed", fields: [{ field: "file", message: "slow.mp4: frame rate must be 23 to 60 fps (it is 20 fps)" }] });
  });

  it("a 1 s clip at 240×256 → 400 naming both its length and its side", async () => {
    const clip = await readFile(await makeClip(media, "tiny.mp4", { width: 240, height: 256, fps: 24, seconds: 1 }));
    const error = await refused("tiny.mp4", clip, "video/mp4", 400);
    expect(error.fields).toEqual([
      { field: "file", message: "tiny.mp4: each side must be 256 to 5760 px (it is 240×256 px)" },
      { field: "file", message: "tiny.mp4: length must be 2 to 15 seconds (it is 1 s)" },
    ]);
  });

  it("a 1 s WAV → 400 naming its length", async () => {
    const error = await refused("short.wav", await readFile(await makeTone(media, "short.wav", 1)), "audio/wav", 400);
    expect(error.fields).toEqual([{ field: "file", message: "short.wav: length must be 2 to 15 seconds (it is 1 s)" }]);
  });

  it("a WAV whose header claims 10 hours but holds 3 s of sound → 415 naming both; nothing kept", async () => {
    const wav = await readFile(await makeTone(media, "claims-ten-hours.wav", 3));
    const lying = withClaimedWavSeconds(wav, 36_000);
    const error = await refused("claims-ten-hours.wav", lying, "audio/wav", 415);
    expect(error).toMatchObject({
      code: "unsupported_media_type",
      message: "claims-ten-hours.wav is a damaged audio file: its header does not match its sound",
      fields: [{ field: "file", message: "claims-ten-hours.wav: its header must match its sound (it claims 36000 s, the file holds 3 s; save it again)" }],
    });
  });

  it("a 16 s MP3 → 400 naming its length", async () => {
    const error = await refused("long.mp3", await readFile(await makeTone(media, "long.mp3", 16)), "audio/mpeg", 400);
    expect(error.fields).toHaveLength(1);
    expect(error.fields[0]!.message).toMatch(/^long\.mp3: length must be 2 to 15 seconds \(it is 16\.\d+ s\)$/);
  });

  it("a 200×200 PNG → 400 naming the side rule", async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#a27" } }).png().toBuffer();
    const error = await refused("small.png", png, "image/png", 400);
    expect(error.fields).toEqual([{ field: "file", message: "small.png: each side must be 256 to 5760 px (it is 200×200 px)" }]);
  });

  it("a 1300×500 JPEG → 400 naming the ratio rule", async () => {
    const jpeg = await sharp({ create: { width: 1300, height: 500, channels: 3, background: "#a27" } }).jpeg().toBuffer();
    const error = await refused("banner.jpg", jpeg, "image/jpeg", 400);
    expect(error.fields).toEqual([{ field: "file", message: "banner.jpg: width/height ratio must be between 0.4 and 2.5 (it is 2.60)" }]);
  });

  it("a WAV over 15 MiB → 413 naming the audio limit, though under the upload's 50 MiB", async () => {
    const wav = await readFile(await makeTone(media, "speech.wav", 200));
    expect(wav.length).toBeGreaterThan(15 * MIB);
    const error = await refused("speech.wav", wav, "audio/wav", 413);
    expect(error).toMatchObject({ code: "payload_too_large", fields: [{ field: "file", message: expect.stringMatching(/^speech\.wav: an audio file must be at most 15 MiB \(it is 16\.\d MiB\)$/) }] });
  });

  it("a declared Content-Length over 50 MiB → 413 before a byte is read", async () => {
    const before = await stored();
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        reads += 1;
        controller.enqueue(new Uint8Array(MIB));
      },
    }, { highWaterMark: 0 });
    const response = await upload("huge.mp4", body, "video/mp4", { "content-length": String(50 * MIB + 1) });
    expect(response.status).toBe(413);
    expect((await refusal(response)).fields[0]!.message).toMatch(/^huge\.mp4: must be at most 50 MiB/);
    expect(reads).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it("a chunked body past 50 MiB is cut off at the limit → 413, nothing kept", async () => {
    const before = await stored();
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        reads += 1;
        if (reads > 80) controller.close();
        else controller.enqueue(new Uint8Array(MIB));
      },
    }, { highWaterMark: 0 });
    const response = await upload("endless.mp4", body, "video/mp4", { "transfer-encoding": "chunked" });
    expect(response.status).toBe(413);
    expect(reads).toBeLessThan(60);
    expect(await stored()).toEqual(before);
  });

  it("text sent as video/mp4 → 415 naming what the bytes are not", async () => {
    const error = await refused("notes.mp4", Buffer.from("not a video at all\n".repeat(500)), "video/mp4", 415);
    expect(error.fields).toEqual([
      { field: "file", message: "notes.mp4: must be an image (JPG, JPEG, PNG, WEBP, HEIC or HEIF), a video (MP4 or MOV) or an audio file (WAV or MP3) (its bytes are of an unknown format)" },
    ]);
  });

  it("a GIF → 415: detected, but not a type video jobs take", async () => {
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123" } }).gif().toBuffer();
    const error = await refused("anim.gif", gif, "application/octet-stream", 415);
    expect(error.fields[0]!.message).toMatch(/\(its bytes are image\/gif\)$/);
  });

  it("an empty file → 400 saying it is empty, not that it is of a wrong type", async () => {
    const error = await refused("zero.png", Buffer.alloc(0), "image/png", 400);
    expect(error.fields).toEqual([{ field: "file", message: "zero.png: the file is empty (0 bytes)" }]);
  });

  it("an MP4 cut off after its first kilobytes → 415 not a readable video", async () => {
    const clip = await readFile(await makeClip(media, "cut.mp4", { width: 320, height: 256, fps: 24, seconds: 3 }));
    const error = await refused("cut.mp4", clip.subarray(0, 2048), "video/mp4", 415);
    expect(error.fields).toEqual([{ field: "file", message: "cut.mp4: must be a complete MP4 or MOV video that plays (it is damaged, cut off or empty)" }]);
  });

  it("a PNG header followed by garbage → 415 not a readable image", async () => {
    const error = await refused("broken.png", pngHeaderThenGarbage(), "image/png", 415);
    expect(error.fields).toEqual([{ field: "file", message: "broken.png: must be a complete JPG, JPEG, PNG, WEBP, HEIC or HEIF image that opens (it is damaged, cut off or empty)" }]);
  });

  it("a database failure after the checks leaves neither the clip nor its poster frame", async () => {
    const clip = await readFile(await makeClip(media, "lost.mp4", { width: 320, height: 256, fps: 25, seconds: 2 }));
    const before = await stored();
    // The row is written in its quota transaction (lib/storage-quota): that transaction fails.
    vi.spyOn(storage.testDb.db, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
    const response = await upload("lost.mp4", clip, "video/mp4");
    expect(response.status).toBe(500);
    expect(await stored()).toEqual(before);
  });

  it("without a name, the refusal calls it “file”", async () => {
    const png = await sharp({ create: { width: 100, height: 300, channels: 3, background: "#a27" } }).png().toBuffer();
    const request = new Request("http://studio.test/api/uploads?purpose=video", { method: "POST", body: new Uint8Array(png), headers: { "content-type": "image/png" } });
    const response = await POST(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    expect((await refusal(response)).fields[0]!.message).toBe("file: each side must be 256 to 5760 px (it is 100×300 px)");
  });
});

describe("media work waits for a slot: MEDIA_CONCURRENCY (2) at once in the studio, USER_MAX_MEDIA_CONCURRENCY (1) for one person", () => {
  async function uploadAs(user: Awaited<ReturnType<typeof createTestUser>>, name: string, body: Buffer) {
    const request = uploadRequest(`http://studio.test/api/uploads?purpose=video&name=${name}`, body, { "content-type": "audio/wav" });
    return storeVideoInput(user, request, name);
  }

  it("four parallel uploads of one person are probed one at a time; with another person's, two at a time", async () => {
    const ada = await createTestUser(storage.testDb.db);
    const bob = await createTestUser(storage.testDb.db);
    const tone = await readFile(await makeTone(media, "slots.wav", 2));
    // Distinct files, so that each is its own blob.
    const files = Array.from({ length: 6 }, (_, n) => Buffer.concat([tone, Buffer.alloc(n * 2)]));
    probes.delayMs = 150;
    try {
      probes.most = 0;
      await Promise.all(files.slice(0, 4).map((file, n) => uploadAs(ada, `ada-${n}.wav`, file)));
      expect(probes.most).toBe(1);

      probes.most = 0;
      await Promise.all(files.map((file, n) => uploadAs(n % 2 === 0 ? ada : bob, `mixed-${n}.wav`, file)));
      expect(probes.most).toBe(2);
    } finally {
      probes.delayMs = 0;
    }
  });
});
