// Spec 3.1 job state machine, spec 8 queue, and the job-level errors of spec 7.3.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useVideoEmulator, expectVideoError } from "./test-harness";

const t = useVideoEmulator();

const patchVideo = (video: Record<string, unknown>) => t.call(t.agent, "PATCH", "/__emulator/config", { video });
const submitT2va = async (extra: Record<string, unknown> = {}) => {
  const response = await t.submit({ prompt: "a lighthouse at night", task: "t2va", seconds: 4, ...extra });
  expect(response.status).toBe(200);
  return response.json.id as string;
};
const advanceClock = (seconds: number) => t.call(t.agent, "POST", "/__emulator/clock", { advanceSeconds: seconds });
const jobDirectory = async (id: string) => (await t.call(t.agent, "GET", `/__emulator/video/jobs/${id}`)).json.directory as string;

describe("spec 3.1 normal path", () => {
  it("goes queued → running → completed with started_at, completed_at, content_url and resolution", async () => {
    const submitted = await t.submit({ prompt: "a lighthouse at night", task: "t2va", seconds: 4 });
    expect(submitted.json).toMatchObject({ status: "queued", started_at: null, completed_at: null });
    const job = await t.waitForJob(submitted.json.id);
    expect(job.status).toBe("completed");
    expect(job.started_at).toBeGreaterThanOrEqual(job.created_at);
    expect(job.completed_at).toBeGreaterThanOrEqual(job.started_at);
    expect(job.content_url).toBe(`${t.agent}/v1/videos/${job.id}/content`);
    // Fast mode scales media (short edge 768 → 128); resolution reports the real size.
    expect(job.resolution).toBe("224x128");
    expect(job).not.toHaveProperty("queue_position");
    expect(job).not.toHaveProperty("error");
  });

  it("records the job in `running` while it generates", async () => {
    await patchVideo({ generationSeconds: 0.6 });
    const id = await submitT2va();
    const running = await t.waitForJob(id, (job) => job.status === "running");
    expect(running.started_at).not.toBeNull();
    expect(running.completed_at).toBeNull();
    expect(running).not.toHaveProperty("content_url");
  });
});

describe("spec 8 queue", () => {
  it("numbers queued jobs from 1 and runs them one at a time in submission order", async () => {
    await t.control("/pause", { stage: "generation" });
    const ids = [await submitT2va({ prompt: "first" }), await submitT2va({ prompt: "second" }), await submitT2va({ prompt: "third" })];
    const positions = await Promise.all(ids.map(async (id) => (await t.job(id)).json.queue_position));
    expect(positions).toEqual([1, 2, 3]);
    const health = await t.call(t.agent, "GET", "/healthz");
    expect(health.json.queue).toEqual({ queued: 3, limit: 8 });

    await t.control("/resume", { stage: "generation" });
    // Observe until all are done: never two running at once, never a later job ahead of an earlier one,
    // the queued ones numbered 1, 2, … in submission order. Each look is one list answer (spec 4.4),
    // a snapshot: jobs read one by one may move on between two reads.
    const rank = { queued: 0, running: 1, completed: 2 } as Record<string, number>;
    for (;;) {
      const listed = (await t.call(t.agent, "GET", "/v1/videos?order=asc&limit=100")).json.data as { id: string; status: string; queue_position?: number }[];
      const ours = ids.map((id) => listed.find((job) => job.id === id)!);
      const statuses = ours.map((job) => job.status);
      expect(statuses.filter((status) => status === "running").length).toBeLessThanOrEqual(1);
      for (let i = 1; i < statuses.length; i++) expect(rank[statuses[i]!]!).toBeLessThanOrEqual(rank[statuses[i - 1]!]!);
      const queuedPositions = ours.filter((job) => job.status === "queued").map((job) => job.queue_position);
      expect(queuedPositions).toEqual(queuedPositions.map((_, i) => i + 1));
      if (statuses.every((status) => status === "completed")) break;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });

  it("answers 429 queue_full with Retry-After 60 when the queue holds its limit", async () => {
    await patchVideo({ queueLimit: 2 });
    await t.control("/pause", { stage: "generation" });
    await submitT2va();
    await submitT2va();
    const refused = await t.submit({ prompt: "one too many", task: "t2va" });
    expectVideoError(refused, 429, "queue_full", null);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await t.call(t.agent, "GET", "/healthz")).json.queue).toEqual({ queued: 2, limit: 2 });
  });
});

describe("spec 3.1 cancel and delete", () => {
  it("DELETE on a queued job cancels it and the next jobs move up", async () => {
    await t.control("/pause", { stage: "generation" });
    const first = await submitT2va();
    const second = await submitT2va();
    const canceled = await t.call(t.agent, "DELETE", `/v1/videos/${first}`);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({ id: first, status: "canceled" });
    expect(canceled.json.completed_at).not.toBeNull();
    expect((await t.job(first)).json.status).toBe("canceled");
    expect((await t.job(second)).json.queue_position).toBe(1);
  });

  it("DELETE on a running job answers 409 cannot_cancel and the job carries on", async () => {
    // Holding the upscale step keeps a 1080p job in `running` (spec 3.1: running covers post-processing).
    await t.control("/pause", { stage: "upscale" });
    const id = await submitT2va({ target: { short_edge: 1080 } });
    await t.waitForJob(id, (job) => job.status === "running");
    expectVideoError(await t.call(t.agent, "DELETE", `/v1/videos/${id}`), 409, "cannot_cancel", "id");
    await t.control("/resume", { stage: "upscale" });
    expect((await t.waitForJob(id)).status).toBe("completed");
  });

  it("DELETE on a finished job deletes the record, its result and its input files", async () => {
    const id = await submitT2va();
    await t.waitForJob(id);
    const directory = await jobDirectory(id);
    expect(existsSync(directory)).toBe(true);
    const deleted = await t.call(t.agent, "DELETE", `/v1/videos/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id, deleted: true });
    expectVideoError(await t.job(id), 404, "not_found", "id");
    expect(existsSync(directory)).toBe(false);
  });

  it("DELETE on a canceled or failed job deletes it too", async () => {
    await t.control("/pause", { stage: "generation" });
    const id = await submitT2va();
    await t.call(t.agent, "DELETE", `/v1/videos/${id}`);
    expect((await t.call(t.agent, "DELETE", `/v1/videos/${id}`)).json).toEqual({ id, deleted: true });
    expectVideoError(await t.job(id), 404, "not_found", "id");

    await t.control("/resume", { stage: "generation" });
    await t.call(t.inference, "POST", "/__emulator/faults", { sequence: [{ kind: "500" }], pathPrefix: "/v1/videos" });
    const failed = await submitT2va();
    expect((await t.waitForJob(failed)).status).toBe("failed");
    expect((await t.call(t.agent, "DELETE", `/v1/videos/${failed}`)).json).toEqual({ id: failed, deleted: true });
    expectVideoError(await t.job(failed), 404, "not_found", "id");
  });
});

describe("spec 3.1 failures", () => {
  it("fails the job with generation_failed when the time limit passes", async () => {
    await patchVideo({ jobTimeoutSeconds: 0.1, generationSeconds: 2 });
    const job = await t.waitForJob(await submitT2va());
    expect(job.status).toBe("failed");
    expect(job.error.code).toBe("generation_failed");
    expect(job.error.message).toMatch(/time limit/);
    expect(job).not.toHaveProperty("content_url");
  });

  it("fails the job when its inference server answers 500 (the agent really calls it over HTTP)", async () => {
    await t.call(t.inference, "POST", "/__emulator/faults", { sequence: [{ kind: "500" }], pathPrefix: "/v1/videos" });
    const job = await t.waitForJob(await submitT2va());
    expect(job).toMatchObject({ status: "failed", error: { code: "generation_failed" } });
    expect(job.error.message).toMatch(/HTTP 500/);
  });
});

describe("spec 3.1 expiry and spec 4.4 content errors", () => {
  it("answers 404 not_found for an expired job and removes its files", async () => {
    const id = await submitT2va();
    await t.waitForJob(id);
    const directory = await jobDirectory(id);
    expect((await t.control(`/jobs/${id}/expire`)).status).toBe(200);
    expectVideoError(await t.job(id), 404, "not_found", "id");
    expectVideoError(await t.call(t.agent, "GET", `/v1/videos/${id}/content`), 404, "not_found", "id");
    expect(existsSync(directory)).toBe(false);
  });

  it("expires jobs after the configured retention (clock moved with POST /__emulator/clock)", async () => {
    await patchVideo({ retentionSeconds: 3600 });
    const id = await submitT2va();
    const job = await t.waitForJob(id);
    expect(job.expires_at - job.completed_at).toBe(3600);
    await advanceClock(3600 - 60);
    expect((await t.job(id)).status).toBe(200);
    await advanceClock(61);
    expectVideoError(await t.job(id), 404, "not_found", "id");
  });

  it("answers 500 internal_error for content whose local result is gone", async () => {
    const id = await submitT2va();
    await t.waitForJob(id);
    await t.control(`/jobs/${id}/remove-result`);
    expectVideoError(await t.call(t.agent, "GET", `/v1/videos/${id}/content`), 500, "internal_error", null);
  });

  it("answers 409 content_not_ready while the job is unfinished", async () => {
    await t.control("/pause", { stage: "generation" });
    const id = await submitT2va();
    expectVideoError(await t.call(t.agent, "GET", `/v1/videos/${id}/content`), 409, "content_not_ready", "id");
  });

  it("answers 404 not_found for an unknown id on every job path", async () => {
    expectVideoError(await t.job("video_unknown"), 404, "not_found", "id");
    expectVideoError(await t.call(t.agent, "GET", "/v1/videos/video_unknown/content"), 404, "not_found", "id");
    expectVideoError(await t.call(t.agent, "DELETE", "/v1/videos/video_unknown"), 404, "not_found", "id");
  });
});
