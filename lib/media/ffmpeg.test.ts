import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertToSize, extractPosterFrame, probeMedia } from "./ffmpeg";
import { MediaToolError } from "./run-tool";
import { makeClip, makeTone } from "./test-media";

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "studio-media-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("probeMedia", () => {
  it("reads an MP4's container, length, size, frame rate and sound", async () => {
    const clip = await makeClip(directory, "sound.mp4", { width: 320, height: 256, fps: 24, seconds: 3, audio: true });
    const probe = await probeMedia(clip);
    expect(probe.formatNames).toContain("mp4");
    expect(probe.durationSeconds).toBeCloseTo(3, 1);
    expect(probe.video).toEqual({ width: 320, height: 256, fps: 24, codec: "h264" });
    expect(probe.audio).toMatchObject({ codec: "aac", sampleRate: 44100, channels: 1 });
  });

  it("gives a clip recorded turned by 90° its displayed sides", async () => {
    const clip = await makeClip(directory, "turned.mov", { width: 320, height: 256, fps: 30, seconds: 2, rotate: 90 });
    const probe = await probeMedia(clip);
    expect(probe.formatNames).toContain("mov");
    expect(probe.video).toMatchObject({ width: 256, height: 320, fps: 30 });
    expect(probe.audio).toBeNull();
  });

  it.each(["tone.wav", "tone.mp3"])("reads %s as sound only", async (name) => {
    const probe = await probeMedia(await makeTone(directory, name, 2.5));
    expect(probe.video).toBeNull();
    expect(probe.audio?.codec).toMatch(/pcm_s16le|mp3/);
    expect(probe.durationSeconds).toBeGreaterThan(2.4);
    expect(probe.durationSeconds).toBeLessThan(2.6);
  });

  it("refuses a file that is not media, with what ffprobe said", async () => {
    const text = path.join(directory, "notes.mp4");
    await writeFile(text, "these are not the bytes of a video\n".repeat(100));
    const failure = await probeMedia(text).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaToolError);
    expect(failure).toMatchObject({ failure: "refused", stderrTail: expect.stringContaining("Invalid data") });
  });
});

describe("extractPosterFrame", () => {
  it("is a WebP of the frame at the time asked, at most 640 px on its long side", async () => {
    const clip = await makeClip(directory, "wide.mp4", { width: 1280, height: 720, fps: 24, seconds: 2 });
    const poster = await extractPosterFrame(clip, { atSeconds: 1 });
    expect(await sharp(poster).metadata()).toMatchObject({ format: "webp", width: 640, height: 360 });
  });

  it("keeps a small clip's size, upright, and falls back to the first frame past the end", async () => {
    const clip = await makeClip(directory, "small-turned.mp4", { width: 320, height: 256, fps: 24, seconds: 2, rotate: 90 });
    const poster = await extractPosterFrame(clip, { atSeconds: 30 });
    expect(await sharp(poster).metadata()).toMatchObject({ format: "webp", width: 256, height: 320 });
  });

  it("refuses sound without a picture", async () => {
    const tone = await makeTone(directory, "poster.wav", 2);
    await expect(extractPosterFrame(tone)).rejects.toBeInstanceOf(MediaToolError);
  });
});

describe("convertToSize", () => {
  it.each([
    [{ width: 1344, height: 768 }, { width: 1280, height: 720 }],
    [{ width: 768, height: 1344 }, { width: 720, height: 1280 }],
    [{ width: 1024, height: 768 }, { width: 960, height: 720 }],
  ])("%o → %o: scaled to cover, centre-cropped, H.264 4:2:0, the index first, sound kept", async (from, to) => {
    const input = await makeClip(directory, `in-${from.width}x${from.height}.mp4`, { ...from, fps: 24, seconds: 2, audio: true });
    const output = path.join(directory, `out-${from.width}x${from.height}.mp4`);
    await convertToSize(input, output, to);
    const probe = await probeMedia(output);
    expect(probe.video).toMatchObject({ ...to, codec: "h264", fps: 24 });
    expect(probe.audio?.codec).toBe("aac");
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    const boxes = topLevelBoxes(await readFile(output));
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
  });

  it("stops a run that outlives its caller", async () => {
    const input = await makeClip(directory, "cancelled.mp4", { width: 640, height: 360, fps: 24, seconds: 4 });
    const controller = new AbortController();
    const converting = convertToSize(input, path.join(directory, "cancelled-out.mp4"), { width: 1280, height: 720 }, { signal: controller.signal });
    controller.abort(new Error("the job was deleted"));
    await expect(converting).rejects.toThrow("the job was deleted");
  });
});

/** The types of an MP4's top-level boxes, in file order (ISO/IEC 14496-12 4.2). */
function topLevelBoxes(file: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= file.length; ) {
    const size = file.readUInt32BE(at);
    types.push(file.toString("latin1", at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}
