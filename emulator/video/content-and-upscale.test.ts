// Spec 4.4 content download (MP4, Range, 302 to CDN) and the post-processing path of spec 1 / 3.1.
import { describe, expect, it } from "vitest";
import { probeMp4 } from "./probe";
import { formatResolution, frameSize } from "./sizes";
import { useVideoEmulator } from "./test-harness";

// Fast mode: media scaled so that the base short edge 768 becomes 128 px.
const FAST_SCALE = 128 / 768;
const t = useVideoEmulator();

async function completedJob(body: Record<string, unknown>) {
  const submitted = await t.submit({ prompt: "waves on a pebble beach", task: "t2va", ...body });
  expect(submitted.status).toBe(200);
  const job = await t.waitForJob(submitted.json.id);
  expect(job.status).toBe("completed");
  return job;
}

const download = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: "manual" });

describe("spec 4.4 content of a base-resolution job", () => {
  it("is a playable H.264 MP4 whose size and duration are what the job reports", async () => {
    const job = await completedJob({ seconds: 6, target: { aspect_ratio: "9:16" } });
    const response = await download(job.content_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${job.id}.mp4"`);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    const info = probeMp4(bytes)!;
    expect(`${info.width}x${info.height}`).toBe(job.resolution);
    expect(job.resolution).toBe(formatResolution(frameSize("9:16", "base", FAST_SCALE)));
    expect(info.durationSeconds).toBeCloseTo(6, 1);
  });

  it("serves byte ranges: 206 with Content-Range, suffix and open ranges, 416 past the end", async () => {
    const job = await completedJob({});
    const full = Buffer.from(await (await download(job.content_url)).arrayBuffer());
    const size = full.length;

    const first = await download(job.content_url, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(full.subarray(0, 100))).toBe(true);

    const suffix = await download(job.content_url, { Range: "bytes=-50" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(full.subarray(size - 50))).toBe(true);

    const open = await download(job.content_url, { Range: "bytes=100-" });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(full.subarray(100))).toBe(true);

    const beyond = await download(job.content_url, { Range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);

    const malformed = await download(job.content_url, { Range: "bytes=abc" });
    expect(malformed.status).toBe(200);
  });
});

describe("spec 4.4 post-processing (short edge above 768)", () => {
  it("redirects content with 302 to a CDN URL serving the upscaled MP4 of the family size", async () => {
    const job = await completedJob({ target: { short_edge: 1080 } });
    expect(job.echo.target.short_edge).toBe(1080);
    expect(job.resolution).toBe(formatResolution(frameSize("16:9", "1080p", FAST_SCALE)));
    const redirect = await download(job.content_url);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${t.agent}/cdn/[0-9a-f]{32}\\.mp4$`));
    const cdn = await download(location);
    expect(cdn.status).toBe(200);
    expect(cdn.headers.get("content-type")).toBe("video/mp4");
    const info = probeMp4(Buffer.from(await cdn.arrayBuffer()))!;
    expect(`${info.width}x${info.height}`).toBe(job.resolution);
    expect(info.durationSeconds).toBeCloseTo(5, 1);
    expect((await download(location, { Range: "bytes=0-9" })).status).toBe(206);
  });

  it("picks the fixed spec of the requested range and keeps the aspect ratio", async () => {
    const cases = [
      { short_edge: 1024, aspect_ratio: "1:1", family: "1080p" },
      { short_edge: 1440, aspect_ratio: "9:16", family: "2k" },
      { short_edge: 2000, aspect_ratio: "21:9", family: "2k" },
      { short_edge: 2160, aspect_ratio: "4:3", family: "4k" },
    ] as const;
    for (const { family, ...target } of cases) {
      const job = await completedJob({ seconds: 4, target });
      expect(job.resolution).toBe(formatResolution(frameSize(target.aspect_ratio, family, FAST_SCALE)));
    }
  });

  it("keeps the job running during post-processing while the generation worker already runs the next job", async () => {
    await t.control("/pause", { stage: "upscale" });
    const upscaled = (await t.submit({ prompt: "first, upscaled", task: "t2va", seconds: 4, target: { short_edge: 1440 } })).json.id;
    const next = (await t.submit({ prompt: "second, base", task: "t2va", seconds: 4 })).json.id;
    expect((await t.waitForJob(next)).status).toBe("completed");
    const held = (await t.job(upscaled)).json;
    expect(held.status).toBe("running");
    expect(held).not.toHaveProperty("content_url");
    expect((await t.call(t.agent, "GET", `/v1/videos/${upscaled}/content`)).json.error.code).toBe("content_not_ready");
    const running = await t.call(t.agent, "GET", "/v1/videos?status=running");
    expect(running.json.data.map((job: { id: string }) => job.id)).toEqual([upscaled]);

    await t.control("/resume", { stage: "upscale" });
    const done = await t.waitForJob(upscaled);
    expect(done.status).toBe("completed");
    expect(done.resolution).toBe(formatResolution(frameSize("16:9", "2k", FAST_SCALE)));
  });

  it("answers 500 when the upscaled result is gone and 404 for an unknown CDN object", async () => {
    const job = await completedJob({ seconds: 4, target: { short_edge: 1080 } });
    await t.control(`/jobs/${job.id}/remove-result`);
    expect((await t.call(t.agent, "GET", `/v1/videos/${job.id}/content`)).json.error.code).toBe("internal_error");
    const missing = await t.call(t.agent, "GET", `/cdn/${"0".repeat(32)}.mp4`);
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });
});
