// Spec 4.4.1 file rules: inputs are downloaded and probed during `running`; a violation ends the
// accepted job `failed` with generation_failed (spec 7.3 allows normalising media diagnostics).
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodeClip } from "./encode";
import { pngDataUrl, startVideoEmulator, wavDataUrl, type VideoTestEmulator } from "./test-harness";

let t: VideoTestEmulator;
let fixtures: string;
let server: Server;
let files: string;
const clips: Record<string, string> = {};

async function mp4DataUrl(name: string, width: number, height: number, fps: number, seconds: number): Promise<string> {
  const outputPath = path.join(fixtures, `${name}.mp4`);
  await encodeClip({ outputPath, width, height, fps, seconds, prompt: name, seed: 1, referenceImagePaths: [] });
  return `data:video/mp4;base64,${(await readFile(outputPath)).toString("base64")}`;
}

beforeAll(async () => {
  t = await startVideoEmulator();
  fixtures = await mkdtemp(path.join(os.tmpdir(), "video-media-test-"));
  clips.ok = await mp4DataUrl("ok", 256, 256, 24, 3);
  clips.slow = await mp4DataUrl("slow", 256, 256, 8, 3);
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#27ae60" } }).png().toBuffer();
  // A small file host: a good PNG, a 404 and a body above the 30 MiB image limit.
  server = createServer((request, response) => {
    if (request.url === "/frame.png") return response.writeHead(200, { "Content-Type": "image/png" }).end(png);
    if (request.url === "/huge.png") {
      response.writeHead(200, { "Content-Type": "image/png" });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 31; i++) response.write(chunk);
      return response.end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  files = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(fixtures, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.call(t.agent, "POST", "/__emulator/reset");
});

async function run(task: "fl2va" | "ref2va", conditions: unknown[]) {
  await t.control("/partition/state", { state: "ready", current: task });
  const submitted = await t.submit({ prompt: "<Picture 1> walks through <Video 1> with <Audio 1>", task, seconds: 4, conditions });
  expect(submitted.status).toBe(200);
  return t.waitForJob(submitted.json.id);
}
const keyframe = (uri: string, frame_index = 0) => ({ type: "image", uri, role: "keyframe", frame_index });
const reference = (type: string, uri: string) => ({ type, uri, role: "reference" });

function expectMediaFailure(job: { status: string; error: { code: string; message: string } }, diagnostic: string, detail: RegExp) {
  expect(job.status).toBe("failed");
  expect(job.error.code).toBe("generation_failed");
  expect(job.error.message.startsWith(`${diagnostic}: `)).toBe(true);
  expect(job.error.message).toMatch(detail);
}

describe("fl2va keyframes", () => {
  it("completes with first and last keyframes from data: and http URLs", async () => {
    const job = await run("fl2va", [keyframe(await pngDataUrl(512, 288)), keyframe(`${files}/frame.png`, -1)]);
    expect(job.status).toBe("completed");
  });

  it("converts an HEIF keyframe to PNG (spec 4.4.1) and completes", async () => {
    const heif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366cc" } }).heif({ compression: "av1" }).toBuffer();
    const job = await run("fl2va", [keyframe(`data:image/heif;base64,${heif.toString("base64")}`)]);
    expect(job.status).toBe("completed");
    const { directory } = (await t.call(t.agent, "GET", `/__emulator/video/jobs/${job.id}`)).json;
    const stored = await readFile(path.join(directory, "inputs", "condition-0.png")).catch(() => undefined);
    expect(stored && (await sharp(stored).metadata()).format).toBe("png");
  });

  it("fails with media_invalid for a side below 256 px, a ratio outside 0.4–2.5 or undecodable bytes", async () => {
    expectMediaFailure(await run("fl2va", [keyframe(await pngDataUrl(100, 100))]), "media_invalid", /conditions\[0\]: side of 100 px/);
    expectMediaFailure(await run("fl2va", [keyframe(await pngDataUrl(1000, 300))]), "media_invalid", /ratio 3\.33/);
    expectMediaFailure(await run("fl2va", [keyframe("data:image/png;base64,bm90IGFuIGltYWdl")]), "media_invalid", /not a decodable image/);
  });

  it("fails with media_fetch_failed for a URL that answers 404 and media_too_large above 30 MiB", async () => {
    expectMediaFailure(await run("fl2va", [keyframe(`${files}/gone.png`)]), "media_fetch_failed", /HTTP 404/);
    expectMediaFailure(await run("fl2va", [keyframe(`${files}/huge.png`)]), "media_too_large", /limit/);
  });
});

describe("ref2va references", () => {
  it("completes with an image, a 3 s 24 fps video and a 3 s WAV", async () => {
    const job = await run("ref2va", [reference("image", await pngDataUrl(300, 400)), reference("video", clips.ok!), reference("audio", wavDataUrl(3))]);
    expect(job.status).toBe("completed");
  });

  it("fails a video below 23 fps and audio longer than 15 s", async () => {
    expectMediaFailure(await run("ref2va", [reference("video", clips.slow!)]), "media_invalid", /frame rate 8\.00 fps/);
    expectMediaFailure(await run("ref2va", [reference("image", await pngDataUrl(300, 300)), reference("audio", wavDataUrl(16))]), "media_invalid", /duration 16\.00 s/);
  });

  it("fails when reference video and audio together pass 15 s", async () => {
    const job = await run("ref2va", [reference("video", clips.ok!), reference("audio", wavDataUrl(13))]);
    expectMediaFailure(job, "media_invalid", /total 16\.00 s exceeds 15 s/);
  });
});
