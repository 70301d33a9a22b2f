// Reading the agent's answers tolerantly (spec 2.5–2.7, 4.4) and sending only declared fields.
import { describe, expect, it } from "vitest";
import { VideoResponseError } from "./errors";
import { healthSchema, jobPath, partitionSchema, readAnswer, submitAnswerSchema, submitWireBody, videoDeleteSchema, videoJobSchema, videoListSchema } from "./wire";

const completed = {
  id: "vid_1",
  task: "t2va",
  status: "completed",
  created_at: 1_700_000_000,
  started_at: 1_700_000_010,
  completed_at: 1_700_000_050,
  expires_at: 1_700_604_850,
  content_url: "http://agent/v1/videos/vid_1/content",
  resolution: "1344x768",
  warnings: [],
  echo: { seed: 42, target: { short_edge: 768, aspect_ratio: "16:9" } },
};

describe("a job record (spec 2.5)", () => {
  it("reads every field and fills those left out with null", () => {
    expect(videoJobSchema.parse({ id: "vid_2", task: "fl2va", status: "queued", created_at: 1_700_000_000, queue_position: 3 })).toEqual({
      id: "vid_2",
      task: "fl2va",
      status: "queued",
      created_at: 1_700_000_000,
      started_at: null,
      completed_at: null,
      expires_at: null,
      queue_position: 3,
      content_url: null,
      resolution: null,
      error: null,
      warnings: [],
      echo: null,
    });
    expect(videoJobSchema.parse(completed)).toMatchObject({ resolution: "1344x768", echo: { seed: 42 }, completed_at: 1_700_000_050 });
  });

  it("ignores fields it does not know", () => {
    expect(videoJobSchema.parse({ ...completed, progress: 0.5, model: "gamma-video-h3" })).not.toHaveProperty("progress");
  });

  it("normalises warnings: objects kept, plain strings become {code: 'warning', message}, other items dropped", () => {
    const record = videoJobSchema.parse({
      ...completed,
      warnings: [{ code: "high_step_count", message: "50 steps take long" }, "long duration", { message: "no code" }, 7, null],
    });
    expect(record.warnings).toEqual([
      { code: "high_step_count", message: "50 steps take long" },
      { code: "warning", message: "long duration" },
      { code: "warning", message: "no code" },
    ]);
  });

  it("reads a failure's code; a failure without a code is still one", () => {
    expect(videoJobSchema.parse({ ...completed, status: "failed", error: { code: "generation_failed", message: "media_invalid: ..." } }).error).toEqual({
      code: "generation_failed",
      message: "media_invalid: ...",
    });
    expect(videoJobSchema.parse({ ...completed, status: "failed", error: { message: "broke" } }).error).toEqual({ code: "unknown_error", message: "broke" });
  });

  it("refuses a status outside spec 3.1 and an id no path can hold", () => {
    expect(videoJobSchema.safeParse({ ...completed, status: "done" }).success).toBe(false);
    expect(videoJobSchema.safeParse({ ...completed, id: ".." }).success).toBe(false);
    expect(videoJobSchema.safeParse({ ...completed, id: "" }).success).toBe(false);
  });

  it("a POST answer with only an id is a queued job of the task sent (spec 4.4: other fields not shown)", () => {
    expect(submitAnswerSchema("ref2va").parse({ id: "vid_3" })).toEqual({
      id: "vid_3",
      task: "ref2va",
      status: "queued",
      created_at: null,
      started_at: null,
      completed_at: null,
      expires_at: null,
      queue_position: null,
      content_url: null,
      resolution: null,
      error: null,
      warnings: [],
      echo: null,
    });
    expect(submitAnswerSchema("t2va").parse({ ...completed, status: "queued", queue_position: 1 })).toMatchObject({ task: "t2va", queue_position: 1, echo: { seed: 42 } });
  });
});

describe("the list (spec 4.4: the array's name is not shown)", () => {
  const listed = { id: "vid_1", task: "t2va", status: "running", created_at: 1_700_000_000 };

  it.each(["data", "jobs", "items"])("accepts the jobs under %s", (name) => {
    expect(videoListSchema.parse({ [name]: [listed], has_more: true, next_cursor: "vid_1" })).toEqual({
      jobs: [expect.objectContaining({ id: "vid_1", status: "running", echo: null })],
      hasMore: true,
      nextCursor: "vid_1",
    });
  });

  it("reads a missing has_more and next_cursor as the last page", () => {
    expect(videoListSchema.parse({ data: [] })).toEqual({ jobs: [], hasMore: false, nextCursor: null });
  });

  it("refuses an answer without any array of jobs", () => {
    expect(videoListSchema.safeParse({ results: [listed], has_more: false }).success).toBe(false);
  });
});

describe("DELETE, partition and health answers", () => {
  it("DELETE: a finished job is deleted, a queued one answers its canceled record (spec 3.1)", () => {
    expect(videoDeleteSchema.parse({ id: "vid_1", deleted: true })).toEqual({ deleted: true, record: null });
    expect(videoDeleteSchema.parse({ ...completed, status: "canceled" })).toMatchObject({ deleted: false, record: { id: "vid_1", status: "canceled" } });
  });

  it("partition (spec 2.6): accepted only when the answer has it; current empty while conflicted", () => {
    expect(partitionSchema.parse({ current: "fl2va", ready: true, state: "ready", allowed: ["fl2va", "ref2va"] })).toEqual({
      current: "fl2va",
      ready: true,
      state: "ready",
      allowed: ["fl2va", "ref2va"],
    });
    expect(partitionSchema.parse({ current: null, ready: false, state: "conflicted", accepted: false })).toEqual({
      current: "",
      ready: false,
      state: "conflicted",
      allowed: [],
      accepted: false,
    });
    expect(partitionSchema.safeParse({ current: "fl2va", ready: true, state: "loading" }).success).toBe(false);
  });

  it("health (spec 2.7): dependencies, queue and partition, with the whole body kept", () => {
    const body = { status: "degraded", dependencies: { moderation: "degraded", database: "ok", partition: "ok" }, queue: { queued: 2, limit: 8 }, partition: "fl2va", uptime: 9 };
    expect(healthSchema.parse(body)).toEqual({
      status: "degraded",
      dependencies: { moderation: "degraded", database: "ok", partition: "ok" },
      queue: { queued: 2, limit: 8 },
      partition: "fl2va",
      raw: body,
    });
    expect(healthSchema.parse({ status: "ok" })).toMatchObject({ dependencies: {}, queue: { queued: null, limit: null }, partition: null });
  });
});

describe("requests", () => {
  it("sends declared fields only (spec 4.4: undeclared fields may be refused)", () => {
    const body = {
      model: "gamma-video-h3",
      prompt: "a fox",
      task: "fl2va" as const,
      seconds: 5,
      target: { short_edge: 768, aspect_ratio: "16:9" as const, extra: 1 },
      conditions: [{ type: "image" as const, uri: "https://studio/x.png", role: "keyframe" as const, frame_index: 0 as const, assetId: "a" }],
      seed: 7,
      x_metadata: { studio_job: "job_1" },
      studioOnly: true,
    };
    expect(JSON.parse(submitWireBody(body))).toEqual({
      model: "gamma-video-h3",
      prompt: "a fox",
      task: "fl2va",
      seconds: 5,
      target: { short_edge: 768, aspect_ratio: "16:9" },
      conditions: [{ type: "image", uri: "https://studio/x.png", role: "keyframe", frame_index: 0 }],
      seed: 7,
      x_metadata: { studio_job: "job_1" },
    });
  });

  it("puts an id into the path as one encoded segment and refuses . and ..", () => {
    expect(jobPath("vid_1")).toBe("/v1/videos/vid_1");
    expect(jobPath("a/../b?c#d", "/content")).toBe("/v1/videos/a%2F..%2Fb%3Fc%23d/content");
    expect(() => jobPath("..")).toThrow(RangeError);
    expect(() => jobPath("")).toThrow(RangeError);
  });
});

describe("readAnswer", () => {
  it("a 2xx body that is not JSON, or not of the shape, is a VideoResponseError", async () => {
    await expect(readAnswer(new Response("<html/>"), videoJobSchema, "video agent")).rejects.toBeInstanceOf(VideoResponseError);
    await expect(readAnswer(Response.json({ id: "x" }), videoJobSchema, "video agent")).rejects.toThrow(/status/);
  });
});
