// The video clients against the emulator's real agent and inference server (emulator/video, fast
// latency): real HTTP, real MP4s, Range, the 302 to the CDN, the spec 7.3 refusals and dropped
// connections. No database: an integration test because it runs the emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadSettings, InvalidEnvironmentError } from "@/lib/settings";
import { videoAgentClient, videoInferenceClient } from "@/lib/upstream/clients";
import { startStudioUpstream, type StudioUpstream } from "@/test/studio-upstream";
import { createVideoAgentClient, type VideoAgentClient } from "./agent-client";
import { provesNotCreated, VideoApiError, VideoTransportError } from "./errors";
import type { VideoInferenceClient } from "./inference-client";
import type { VideoJobRecord, VideoSubmitBody } from "./wire";

let upstream: StudioUpstream;
let agent: VideoAgentClient;
let inference: VideoInferenceClient;

beforeAll(async () => {
  upstream = await startStudioUpstream();
});

afterAll(() => upstream?.close());

beforeEach(async () => {
  await agentControl("/reset", { method: "POST" });
  agent = videoAgentClient();
  inference = videoInferenceClient();
});

/** A control endpoint of the agent's port (`/__emulator<path>`): faults and video controls are per port. */
async function agentControl(pathname: string, init: { method?: string; json?: unknown } = {}): Promise<unknown> {
  const response = await fetch(`${upstream.emulator.urls.agent}/__emulator${pathname}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: init.json === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!response.ok) throw new Error(`emulator control ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

const configure = (video: Record<string, unknown>) => agentControl("/config", { method: "PATCH", json: { video } });

function t2va(fields: Partial<VideoSubmitBody> = {}): VideoSubmitBody {
  return { model: "gamma-video-h3", prompt: "a lighthouse at dusk", task: "t2va", seconds: 4, target: { short_edge: 768, aspect_ratio: "16:9" }, ...fields };
}

async function until(id: string, done: (job: VideoJobRecord) => boolean): Promise<VideoJobRecord> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const job = await agent.get(id);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stuck: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const finished = (job: { status: string }) => ["completed", "failed", "canceled"].includes(job.status);

/** Bytes 4–8 of an MP4 are its first box's type, `ftyp`. */
function isMp4(bytes: Buffer): boolean {
  return bytes.subarray(4, 8).toString("latin1") === "ftyp";
}

describe("the studio's configured clients", () => {
  it("name the variable when it is unset", () => {
    const configured = process.env.VIDEO_AGENT_URL;
    const holder = globalThis as { studioVideoAgentClient?: unknown; studioVideoInferenceClient?: unknown };
    const saved = { agent: holder.studioVideoAgentClient, inference: holder.studioVideoInferenceClient };
    try {
      holder.studioVideoAgentClient = undefined;
      holder.studioVideoInferenceClient = undefined;
      loadSettings({ ...process.env, VIDEO_AGENT_URL: "", VIDEO_INFERENCE_URL: "" });
      expect(() => videoAgentClient()).toThrow(InvalidEnvironmentError);
      expect(() => videoAgentClient()).toThrow(/VIDEO_AGENT_URL/);
      expect(() => videoInferenceClient()).toThrow(/VIDEO_INFERENCE_URL/);
    } finally {
      loadSettings({ ...process.env, VIDEO_AGENT_URL: configured });
      holder.studioVideoAgentClient = saved.agent;
      holder.studioVideoInferenceClient = saved.inference;
    }
  });
});

describe("a job from submit to its MP4", () => {
  it("t2va: queued → completed, content is a real MP4 and a Range request answers 206", async () => {
    const submitted = await agent.submit(t2va({ x_metadata: { studio_job: "job_a" } }));
    expect(submitted).toMatchObject({ task: "t2va", status: "queued", created_at: expect.any(Number), expires_at: expect.any(Number) });
    expect(submitted.echo).toMatchObject({ seed: expect.any(Number), x_metadata: { studio_job: "job_a" } });

    const done = await until(submitted.id, finished);
    expect(done).toMatchObject({ status: "completed", resolution: "224x128", started_at: expect.any(Number), completed_at: expect.any(Number), error: null });
    expect(done.content_url).toContain(`/v1/videos/${submitted.id}/content`);

    const whole = await agent.content(submitted.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(isMp4(bytes)).toBe(true);

    const part = await agent.content(submitted.id, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
  });

  it("an upscaled job (short edge 1080) is fetched through the 302 to the CDN", async () => {
    const submitted = await agent.submit(t2va({ target: { short_edge: 1080, aspect_ratio: "16:9" } }));
    const done = await until(submitted.id, finished);
    expect(done).toMatchObject({ status: "completed", resolution: "320x176" });
    expect(done.echo).toMatchObject({ target: { short_edge: 1080 } });

    const response = await agent.content(submitted.id, { range: "bytes=0-15" });
    expect(response.redirected).toBe(true);
    expect(new URL(response.url).pathname).toMatch(/^\/cdn\/.+\.mp4$/);
    expect(response.status).toBe(206);
    expect(isMp4(Buffer.from(await response.arrayBuffer()))).toBe(true);
  });

  it("content of an unfinished job is 409 content_not_ready", async () => {
    await agentControl("/video/pause", { json: {} });
    const submitted = await agent.submit(t2va());
    await expect(agent.content(submitted.id)).rejects.toMatchObject({ status: 409, code: "content_not_ready" });
  });
});

describe("refusals (spec 7.3)", () => {
  it("unsafe_resolution names its param and proves nothing was created", async () => {
    const error = await agent.submit(t2va({ target: { short_edge: 480, aspect_ratio: "16:9" } })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error).toMatchObject({ status: 400, code: "unsafe_resolution", param: "target.short_edge", requestId: expect.stringMatching(/^req_/) });
    expect(provesNotCreated(error)).toBe(true);
    expect((await agent.list({})).jobs).toEqual([]);
  });

  it("a full queue answers 429 queue_full with Retry-After 60", async () => {
    await configure({ queueLimit: 1 });
    await agentControl("/video/pause", { json: {} });
    await agent.submit(t2va());
    const error = await agent.submit(t2va()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: "queue_full", retryAfterSeconds: 60 });
    expect(provesNotCreated(error)).toBe(true);
  });

  it("an expired job is 404 not_found", async () => {
    const submitted = await agent.submit(t2va());
    await until(submitted.id, finished);
    await agentControl(`/video/jobs/${submitted.id}/expire`, { json: {} });
    await expect(agent.get(submitted.id)).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("cancel and delete (spec 3.1)", () => {
  it("a queued job is canceled; a running one is refused with 409 cannot_cancel; a finished one is deleted", async () => {
    await agentControl("/video/pause", { json: { stage: "upscale" } });
    const running = await agent.submit(t2va({ target: { short_edge: 1080, aspect_ratio: "1:1" } }));
    await until(running.id, (job) => job.status === "running");

    await agentControl("/video/pause", { json: { stage: "generation" } });
    const queued = await agent.submit(t2va());
    expect(await agent.remove(queued.id)).toMatchObject({ deleted: false, record: { id: queued.id, status: "canceled" } });

    const refusal = await agent.remove(running.id).catch((caught: unknown) => caught);
    expect(refusal).toBeInstanceOf(VideoApiError);
    expect(refusal).toMatchObject({ status: 409, code: "cannot_cancel" });
    expect((await agent.get(running.id)).status).toBe("running");

    await agentControl("/video/resume", { json: { stage: "upscale" } });
    await until(running.id, finished);
    expect(await agent.remove(running.id)).toEqual({ deleted: true, record: null });
    await expect(agent.get(running.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("list (spec 4.4)", () => {
  it("pages newest first without echo; get has echo.x_metadata", async () => {
    await agentControl("/video/pause", { json: {} });
    const ids: string[] = [];
    for (const studioJob of ["job_1", "job_2", "job_3"]) ids.push((await agent.submit(t2va({ x_metadata: { studio_job: studioJob } }))).id);

    const first = await agent.list({ limit: 2 });
    expect(first.jobs.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ hasMore: true, nextCursor: ids[1] });
    expect(first.jobs.every((job) => job.echo === null)).toBe(true);
    const second = await agent.list({ limit: 2, after: first.nextCursor! });
    expect(second).toMatchObject({ hasMore: false, nextCursor: null, jobs: [{ id: ids[0], status: "queued", queue_position: 1 }] });

    expect((await agent.list({ status: "running" })).jobs).toEqual([]);
    expect((await agent.get(ids[1]!)).echo).toMatchObject({ x_metadata: { studio_job: "job_2" } });
  });
});

describe("partition and health", () => {
  it("reads the partition, starts a switch (202), refuses a second one (409 partition_switching)", async () => {
    await configure({ partitionSwitchSeconds: 30 });
    expect(await agent.partition()).toEqual({ current: "fl2va", ready: true, state: "ready", allowed: ["fl2va", "ref2va"] });
    expect(await agent.switchPartition("fl2va")).toMatchObject({ httpStatus: 200, report: { accepted: false, state: "ready" } });

    expect(await agent.switchPartition("ref2va")).toMatchObject({ httpStatus: 202, report: { accepted: true, state: "switching", ready: false } });
    await expect(agent.switchPartition("ref2va")).rejects.toMatchObject({ status: 409, code: "partition_switching", param: "partition" });
    expect(await agent.partition()).toMatchObject({ state: "switching", current: "fl2va" });
  });

  it("a switch with pending jobs is 409 partition_has_pending_jobs", async () => {
    await agentControl("/video/pause", { json: {} });
    await agent.submit(t2va());
    await expect(agent.switchPartition("ref2va")).rejects.toMatchObject({ status: 409, code: "partition_has_pending_jobs" });
  });

  it("health: 200 when healthy; 503 is a degraded report, not an error", async () => {
    expect(await agent.health()).toMatchObject({
      httpStatus: 200,
      report: { status: "ok", dependencies: { moderation: "ok", database: "ok", partition: "ok" }, queue: { queued: 0, limit: 8 }, partition: "fl2va" },
    });
    await configure({ degradedDependencies: ["moderation"] });
    expect(await agent.health()).toMatchObject({ httpStatus: 503, report: { status: "degraded", dependencies: { moderation: "degraded" } } });
    // Spec 7.3: the same dependency refuses submissions with 503 and Retry-After.
    const error = await agent.submit(t2va()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: "moderation_unavailable", retryAfterSeconds: 30 });
    expect(provesNotCreated(error)).toBe(true);
  });
});

describe("the inference server (spec 4.5)", () => {
  it("runs a base-resolution job: submit, get to completed, content is an MP4; health answers", async () => {
    const submitted = await inference.submit({
      model: "gamma-video-h3",
      prompt: "a fox in the snow",
      seconds: 4,
      task: "t2va",
      target: { short_edge: 768, aspect_ratio: "16:9" },
      num_outputs_per_prompt: 1,
      conditions: [],
    });
    expect(submitted).toMatchObject({ id: expect.any(String), status: "queued", error: null });
    expect(submitted.raw).toMatchObject({ created_at: expect.any(Number) });

    const deadline = Date.now() + 25_000;
    let job = await inference.get(submitted.id);
    while (job.status !== "completed" && job.status !== "failed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await inference.get(submitted.id);
    }
    expect(job).toMatchObject({ status: "completed", resolution: "224x128", error: null });
    const content = await inference.content(submitted.id);
    expect(content.headers.get("content-type")).toBe("video/mp4");
    expect(isMp4(Buffer.from(await content.arrayBuffer()))).toBe(true);

    expect(await inference.health()).toMatchObject({ httpStatus: 200, body: { status: "ok" } });
  });

  it("its refusals are VideoApiErrors too", async () => {
    await expect(inference.get("inf_unknown")).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("no answer", () => {
  it("a dropped connection on submit is a VideoTransportError: the outcome is unknown", async () => {
    await agentControl("/faults", { json: { sequence: [{ kind: "drop" }], pathPrefix: "/v1/videos" } });
    const error = await agent.submit(t2va()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VideoTransportError);
    expect(error).toMatchObject({ kind: "network" });
    expect(provesNotCreated(error)).toBe(false);
  });

  it("an answer slower than the limit is a VideoTransportError of kind timeout", async () => {
    await agentControl("/faults", { json: { sequence: [{ kind: "slow", ms: 1_000 }], pathPrefix: "/v1/partition" } });
    const impatient = createVideoAgentClient({ baseUrl: upstream.emulator.urls.agent, timeoutMs: 100 });
    await expect(impatient.partition()).rejects.toMatchObject({ kind: "timeout" });
  });
});
