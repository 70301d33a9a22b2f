// Spec 4.5 inference server endpoints, and spec "these are separate services": no mixing of APIs.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { probeMp4 } from "./probe";
import { startVideoEmulator, type VideoTestEmulator } from "./test-harness";

let t: VideoTestEmulator;
let fixtures: string;

beforeAll(async () => {
  t = await startVideoEmulator();
  fixtures = await mkdtemp(path.join(os.tmpdir(), "video-inference-test-"));
});
afterAll(async () => {
  await t?.close();
  await rm(fixtures, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.call(t.agent, "POST", "/__emulator/reset");
});

const inference = (method: string, route: string, body?: unknown) => t.call(t.inference, method, route, body);

async function waitForInference(id: string) {
  for (;;) {
    const { json } = await inference("GET", `/v1/videos/${id}`);
    if (json.status === "completed" || json.status === "failed") return json;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("spec 4.5 inference server", () => {
  it("accepts a job, reports completed and serves the MP4 at the base size", async () => {
    const accepted = await inference("POST", "/v1/videos", {
      model: "gamma-video-h3",
      prompt: "a paper boat",
      seconds: 4,
      task: "t2va",
      conditions: [],
      target: { short_edge: 768, aspect_ratio: "1:1", duration_seconds: 4 },
      num_outputs_per_prompt: 1,
      num_inference_steps: 20,
      flow_shift: 12,
      audio_flow_shift: 3,
      seed: 7,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: "queued" });
    const job = await waitForInference(accepted.json.id);
    expect(job).toMatchObject({ status: "completed", resolution: "128x128" });
    const content = await fetch(`${t.inference}/v1/videos/${job.id}/content`);
    expect(content.headers.get("content-type")).toBe("video/mp4");
    const info = probeMp4(Buffer.from(await content.arrayBuffer()))!;
    expect([info.width, info.height]).toEqual([128, 128]);
    expect(info.durationSeconds).toBeCloseTo(4, 1);
  });

  it("reports readiness on /health", async () => {
    const health = await inference("GET", "/health");
    expect(health.status).toBe(200);
    expect(health.json.status).toBe("ok");
  });

  it("answers 409 content_not_ready before completion and 404 not_found for unknown ids", async () => {
    await t.call(t.agent, "PATCH", "/__emulator/config", { video: { generationSeconds: 1 } });
    const accepted = await inference("POST", "/v1/videos", { prompt: "slow", task: "t2va" });
    const early = await inference("GET", `/v1/videos/${accepted.json.id}/content`);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("content_not_ready");
    expect((await inference("GET", "/v1/videos/inf_unknown")).json.error.code).toBe("not_found");
    expect((await inference("GET", "/v1/videos/inf_unknown")).status).toBe(404);
  });

  it("validates its body: base short edge only, file:// URIs, no agent-only fields (our choices)", async () => {
    const refuse = async (body: Record<string, unknown>, code: string, param: string) => {
      const response = await inference("POST", "/v1/videos", { prompt: "a", task: "t2va", ...body });
      expect(response.status).toBe(400);
      expect(response.json.error).toMatchObject({ code, param });
    };
    await refuse({ target: { short_edge: 1080 } }, "unsafe_resolution", "target.short_edge");
    await refuse({ x_metadata: {} }, "invalid_json", "x_metadata");
    await refuse({ num_outputs_per_prompt: 2 }, "invalid_json", "num_outputs_per_prompt");
    await refuse({ prompt: "" }, "missing_prompt", "prompt");
    await refuse(
      { task: "fl2va", conditions: [{ type: "image", uri: "https://example.test/a.png", role: "keyframe", frame_index: 0 }] },
      "invalid_conditions",
      "conditions[0].uri",
    );
  });

  it("reads file:// keyframes from its own disk and fails the job when a file is missing", async () => {
    const first = path.join(fixtures, "first.png");
    await writeFile(first, await sharp({ create: { width: 320, height: 320, channels: 3, background: "#c0392b" } }).png().toBuffer());
    const keyframe = (uri: string) => ({ task: "fl2va", prompt: "a", conditions: [{ type: "image", uri, role: "keyframe", frame_index: 0 }] });
    const ok = await inference("POST", "/v1/videos", keyframe(pathToFileURL(first).href));
    expect((await waitForInference(ok.json.id)).status).toBe("completed");
    const missing = await inference("POST", "/v1/videos", keyframe(pathToFileURL(path.join(fixtures, "none.png")).href));
    const failed = await waitForInference(missing.json.id);
    expect(failed).toMatchObject({ status: "failed", error: { code: "generation_failed" } });
    expect(failed.error.message).toMatch(/^media_fetch_failed/);
  });

  it("is what the agent generates through: submit, poll and download reach the inference port", async () => {
    await t.call(t.inference, "DELETE", "/__emulator/requests");
    const id = (await t.submit({ prompt: "a", task: "t2va", seconds: 4 })).json.id;
    expect((await t.waitForJob(id)).status).toBe("completed");
    const seen = (await t.call(t.inference, "GET", "/__emulator/requests")).json.requests as { method: string; path: string }[];
    const calls = seen.map((request) => `${request.method} ${request.path.replace(/inf_[0-9a-f]+/, ":id")}`);
    expect(calls[0]).toBe("POST /v1/videos");
    expect(calls).toContain("GET /v1/videos/:id");
    expect(calls[calls.length - 1]).toBe("GET /v1/videos/:id/content");
  });
});

describe("spec 5: video authentication is not shown", () => {
  it("accepts requests with or without Authorization (our choice) and logs the header redacted", async () => {
    await t.call(t.agent, "DELETE", "/__emulator/requests");
    await t.control("/pause", { stage: "generation" });
    const withKey = await t.call(t.agent, "POST", "/v1/videos", { prompt: "a", task: "t2va" }, { Authorization: "Bearer top-secret" });
    expect(withKey.status).toBe(200);
    expect((await t.call(t.agent, "GET", "/v1/partition")).status).toBe(200);
    const log = (await t.call(t.agent, "GET", "/__emulator/requests")).json.requests as { path: string; headers: Record<string, string> }[];
    expect(log[0]!.headers.authorization).toBe("Bearer ***");
    expect(JSON.stringify(log)).not.toContain("top-secret");
  });
});

describe("separate services: paths of one API answer 404 on the other ports", () => {
  const expectNotFound = async (base: string, method: string, route: string) => {
    const response = await t.call(base, method, route, method === "POST" ? {} : undefined);
    expect(response.status, `${method} ${route}`).toBe(404);
    return response;
  };

  it("agent-only paths on the inference port", async () => {
    for (const [method, route] of [["GET", "/v1/partition"], ["POST", "/v1/partition"], ["GET", "/healthz"], ["GET", "/v1/videos"], ["DELETE", "/v1/videos/x"]]) {
      const response = await expectNotFound(t.inference, method!, route!);
      expect(response.json.error.code).toBe("not_found");
    }
  });

  it("inference-only paths on the agent port", async () => {
    await expectNotFound(t.agent, "GET", "/health");
  });

  it("image paths on the video ports and video paths on the image port", async () => {
    for (const base of [t.agent, t.inference]) {
      await expectNotFound(base, "POST", "/v1/wand/alpha-image/v3-generation");
      await expectNotFound(base, "POST", "/v1/wand/beta-image/generation");
    }
    for (const route of ["/v1/videos", "/v1/partition", "/healthz", "/health"]) await expectNotFound(t.image, "GET", route);
  });
});
