// Spec 4.4 POST /v1/videos request rules and the 400 codes of spec 7.3, checked at submit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectVideoError, startVideoEmulator, type VideoTestEmulator } from "./test-harness";

let t: VideoTestEmulator;

beforeAll(async () => {
  // The worker stays paused: these tests only look at what submit accepts or refuses.
  t = await startVideoEmulator({ queueLimit: 100, bodyLimitBytes: 4096 });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.call(t.agent, "POST", "/__emulator/reset");
  await t.control("/pause", { stage: "generation" });
});

const PNG_URL = "https://example.test/frame.png";

describe("spec 7.3 invalid_json", () => {
  it("refuses a body that is not JSON", async () => {
    expectVideoError(await t.submit("{not json"), 400, "invalid_json", null);
  });

  it("refuses a JSON body that is not an object", async () => {
    expectVideoError(await t.submit([1, 2]), 400, "invalid_json", null);
  });

  it("refuses an undeclared top-level field", async () => {
    expectVideoError(await t.submit({ prompt: "a cat", task: "t2va", colour: "red" }), 400, "invalid_json", "colour");
  });

  it("refuses an undeclared field inside target and inside a condition", async () => {
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", target: { fps: 24 } }), 400, "invalid_json", "target.fps");
    const conditions = [{ type: "image", uri: PNG_URL, role: "keyframe", frame_index: 0, weight: 1 }];
    expectVideoError(await t.submit({ prompt: "a", task: "fl2va", conditions }), 400, "invalid_json", "conditions[0].weight");
  });

  it("refuses wrongly typed fields and out-of-range values without a code of their own (our choice)", async () => {
    expectVideoError(await t.submit({ prompt: 5, task: "t2va" }), 400, "invalid_json", "prompt");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", seconds: 3 }), 400, "invalid_json", "seconds");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", seconds: 16 }), 400, "invalid_json", "seconds");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", num_inference_steps: 0 }), 400, "invalid_json", "num_inference_steps");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", seed: -1 }), 400, "invalid_json", "seed");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", model: "other" }), 400, "invalid_json", "model");
  });

  it("answers 413 request_too_large above the body limit (spec 8; code our choice)", async () => {
    expectVideoError(await t.submit({ prompt: "x".repeat(5000), task: "t2va" }), 413, "request_too_large", null);
  });
});

describe("spec 7.3 field codes", () => {
  it("missing_prompt for an absent, empty or blank prompt", async () => {
    expectVideoError(await t.submit({ task: "t2va" }), 400, "missing_prompt", "prompt");
    expectVideoError(await t.submit({ prompt: " \n\t", task: "t2va" }), 400, "missing_prompt", "prompt");
  });

  it("invalid_task for an absent or unknown task", async () => {
    expectVideoError(await t.submit({ prompt: "a" }), 400, "invalid_task", "task");
    expectVideoError(await t.submit({ prompt: "a", task: "i2v" }), 400, "invalid_task", "task");
  });

  it("conflicting_duration when seconds and target.duration_seconds differ", async () => {
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", seconds: 5, target: { duration_seconds: 8 } }), 400, "conflicting_duration", "seconds");
  });

  it("unsafe_resolution below 768 and above 2160", async () => {
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", target: { short_edge: 480 } }), 400, "unsafe_resolution", "target.short_edge");
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", target: { short_edge: 2161 } }), 400, "unsafe_resolution", "target.short_edge");
  });

  it("invalid_aspect_ratio outside the six allowed ratios", async () => {
    expectVideoError(await t.submit({ prompt: "a", task: "t2va", target: { aspect_ratio: "2:1" } }), 400, "invalid_aspect_ratio", "target.aspect_ratio");
  });
});

describe("spec 4.4 defaults, echo and warnings", () => {
  it("accepts a minimal request with 200 and echoes every default plus a generated seed", async () => {
    const response = await t.submit({ prompt: "a cat", task: "t2va" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ task: "t2va", status: "queued", queue_position: 1, warnings: [] });
    expect(response.json.id).toMatch(/^video_/);
    const { echo } = response.json;
    expect(echo).toMatchObject({
      model: "gamma-video-h3",
      prompt: "a cat",
      task: "t2va",
      seconds: 5,
      target: { short_edge: 768, aspect_ratio: "16:9", duration_seconds: 5 },
      conditions: [],
      num_inference_steps: 20,
      flow_shift: 12,
      audio_flow_shift: 3,
    });
    expect(Number.isInteger(echo.seed) && echo.seed >= 0 && echo.seed < 2 ** 31).toBe(true);
    expect(response.json.created_at).toBe(response.json.expires_at - 7 * 24 * 3600);
  });

  it("takes the duration from target.duration_seconds, treats 0 as unset, keeps the requested short edge and x_metadata", async () => {
    const fromTarget = await t.submit({ prompt: "a", task: "t2va", target: { duration_seconds: 7, short_edge: 1024 }, seed: 9, x_metadata: { order: 1 } });
    expect(fromTarget.json.echo).toMatchObject({ seconds: 7, seed: 9, target: { short_edge: 1024, duration_seconds: 7 }, x_metadata: { order: 1 } });
    const zero = await t.submit({ prompt: "a", task: "t2va", seconds: 6, target: { duration_seconds: 0 } });
    expect(zero.json.echo).toMatchObject({ seconds: 6, target: { duration_seconds: 6 } });
  });

  it("warns about 50 or more steps and about long clips", async () => {
    const response = await t.submit({ prompt: "a", task: "t2va", num_inference_steps: 50, seconds: 12 });
    expect(response.status).toBe(200);
    expect(response.json.warnings.map((warning: { code: string }) => warning.code)).toEqual(["high_step_count", "long_duration"]);
  });
});

describe("spec 4.4.1 condition structure at submit (invalid_conditions, our choice)", () => {
  const submit = (task: string, conditions: unknown) => t.submit({ prompt: "a <Picture 1>", task, conditions });
  const keyframe = (frame_index?: number) => ({ type: "image", uri: PNG_URL, role: "keyframe", ...(frame_index === undefined ? {} : { frame_index }) });
  const reference = (type: string, uri: string) => ({ type, uri, role: "reference" });
  // ref2va jobs need the ref2va partition loaded (spec 3.2); the control endpoint loads it at once.
  const loadRef2va = () => t.control("/partition/state", { state: "ready", current: "ref2va" });

  it("t2va takes no conditions", async () => {
    expectVideoError(await submit("t2va", [keyframe(0)]), 400, "invalid_conditions", "conditions");
    expect((await submit("t2va", [])).status).toBe(200);
  });

  it("fl2va needs 1 to 2 image keyframes marking the first and/or last frame", async () => {
    expect((await submit("fl2va", [keyframe(0), keyframe(-1)])).status).toBe(200);
    expect((await submit("fl2va", [keyframe(-1)])).status).toBe(200);
    expectVideoError(await submit("fl2va", []), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("fl2va", [keyframe(0), keyframe(-1), keyframe(0)]), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("fl2va", [keyframe(3)]), 400, "invalid_conditions", "conditions[0].frame_index");
    expectVideoError(await submit("fl2va", [keyframe()]), 400, "invalid_conditions", "conditions[0].frame_index");
    expectVideoError(await submit("fl2va", [keyframe(0), keyframe(0)]), 400, "invalid_conditions", "conditions[1].frame_index");
    expectVideoError(await submit("fl2va", [{ type: "audio", uri: "https://x.test/a.wav", role: "keyframe", frame_index: 0 }]), 400, "invalid_conditions", "conditions[0].type");
  });

  it("refuses a video keyframe, a reference with frame_index and mixed roles", async () => {
    await loadRef2va();
    expectVideoError(await submit("fl2va", [{ type: "video", uri: "https://x.test/v.mp4", role: "keyframe", frame_index: 0 }]), 400, "invalid_conditions", "conditions[0].role");
    expectVideoError(await submit("ref2va", [{ ...reference("image", PNG_URL), frame_index: 0 }]), 400, "invalid_conditions", "conditions[0].frame_index");
    expectVideoError(await submit("ref2va", [reference("image", PNG_URL), keyframe(0)]), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("fl2va", [reference("image", PNG_URL)]), 400, "invalid_conditions", "conditions[0].role");
  });

  it("ref2va counts: at most 9 images, 3 videos, 3 audio files, 12 in total, and never audio alone", async () => {
    await loadRef2va();
    const images = (n: number) => Array.from({ length: n }, () => reference("image", PNG_URL));
    const videos = (n: number) => Array.from({ length: n }, () => reference("video", "https://x.test/v.mp4"));
    const audios = (n: number) => Array.from({ length: n }, () => reference("audio", "https://x.test/a.mp3"));
    expect((await submit("ref2va", [...images(9), ...videos(3)])).status).toBe(200);
    expectVideoError(await submit("ref2va", images(10)), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("ref2va", [...images(1), ...videos(4)]), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("ref2va", [...images(1), ...audios(4)]), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("ref2va", [...images(7), ...videos(3), ...audios(3)]), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("ref2va", audios(2)), 400, "invalid_conditions", "conditions");
    expectVideoError(await submit("ref2va", []), 400, "invalid_conditions", "conditions");
  });

  it("accepts http(s) and data: URIs of a matching type only (our choice)", async () => {
    await loadRef2va();
    expectVideoError(await submit("ref2va", [reference("image", "ftp://x.test/a.png")]), 400, "invalid_conditions", "conditions[0].uri");
    expectVideoError(await submit("ref2va", [reference("image", "/local/file.png")]), 400, "invalid_conditions", "conditions[0].uri");
    expectVideoError(await submit("ref2va", [reference("image", "https://x.test/clip.gif")]), 400, "invalid_conditions", "conditions[0].uri");
    expectVideoError(await submit("ref2va", [reference("image", "data:video/mp4;base64,AAAA")]), 400, "invalid_conditions", "conditions[0].uri");
    expect((await submit("ref2va", [reference("image", "https://x.test/signed?token=1")])).status).toBe(200);
    expect((await submit("ref2va", [reference("image", "data:image/webp;base64,AAAA")])).status).toBe(200);
  });

  it("shortens data: URLs in echo", async () => {
    await loadRef2va();
    const response = await submit("ref2va", [reference("image", `data:image/png;base64,${"A".repeat(400)}`)]);
    expect(response.json.echo.conditions[0].uri).toBe("data:image/png;base64,<400 characters omitted>");
  });
});
