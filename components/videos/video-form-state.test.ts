import { describe, expect, it } from "vitest";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { VideoInputType } from "@/lib/upstream/video/limits";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { videoFormSchema } from "@/lib/videos/video-schemas";
import { blockedReason, formStateFromJob, initialVideoForm, inputsOf, toVideoRequestBody, videoFieldOf, type AttachedInput, type VideoFormState } from "./video-form-state";
import { validateVideoForm } from "./validate-video-form";

const asset = (n: number, patch: Partial<AssetDto> = {}): AssetDto => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  kind: "upload",
  mime: "image/png",
  width: 1024,
  height: 768,
  bytes: 1000,
  durationMs: null,
  url: `/api/assets/${n}`,
  thumbnailUrl: null,
  downloadUrl: `/api/assets/${n}?download=1`,
  delivery: { url: "", thumbnailUrl: null, downloadUrl: "", expiresAt: "" },
  role: null,
  position: 0,
  layout: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  ...patch,
});

const attached = (n: number, type: VideoInputType = "image", durationSeconds: number | null = null): AttachedInput => ({ asset: asset(n), type, name: `file-${n}`, durationSeconds });

const form = (patch: Partial<VideoFormState> = {}): VideoFormState => ({ ...initialVideoForm, prompt: "A paper boat in the rain", ...patch });

describe("the initial form", () => {
  it("starts as text to video, 5 s, 768 native, 16:9, the agent's advanced defaults and a random seed (spec 4.4)", () => {
    expect(toVideoRequestBody(initialVideoForm)).toEqual({
      task: "t2va",
      prompt: "",
      durationSeconds: 5,
      shortEdge: 768,
      aspectRatio: "16:9",
      delivery720p: false,
      advanced: { steps: 20, flowShift: 12, audioFlowShift: 3, seed: undefined },
      inputs: [],
    });
  });

  it("is refused only for its empty prompt, and Submit names that rule", () => {
    const errors = validateVideoForm(initialVideoForm);
    expect(Object.keys(errors)).toEqual(["prompt"]);
    expect(validateVideoForm(form())).toEqual({});
  });

  it("refuses a prompt of whitespace only (spec 4.4: non-empty after trimming)", () => {
    expect(validateVideoForm(form({ prompt: "  \n\t " })).prompt).toEqual(["Prompt must not be empty"]);
  });
});

describe("the rules at their boundaries, checked with the server's schema", () => {
  it("takes a duration of 4 to 15 whole seconds (spec 4.4 `seconds`, 8)", () => {
    for (const ok of ["4", "15"]) expect(validateVideoForm(form({ durationSeconds: ok })).durationSeconds).toBeUndefined();
    for (const bad of ["3", "16"]) expect(validateVideoForm(form({ durationSeconds: bad })).durationSeconds).toEqual(["Duration must be between 4 and 15 seconds"]);
    expect(validateVideoForm(form({ durationSeconds: "" })).durationSeconds).toEqual(["Duration must be a number"]);
  });

  it("takes a custom short edge of 768 to 2160 px (spec 4.4 `target.short_edge`)", () => {
    for (const ok of ["768", "1024", "2160"]) expect(validateVideoForm(form({ customShortEdge: true, shortEdge: ok })).shortEdge).toBeUndefined();
    for (const bad of ["767", "2161", "480"]) expect(validateVideoForm(form({ customShortEdge: true, shortEdge: bad })).shortEdge).toEqual(["Short edge must be between 768 and 2160 px"]);
  });

  it("leaves an emptied advanced field out, so the agent applies its default, and names a broken one", () => {
    const body = toVideoRequestBody(form({ steps: "", flowShift: "", audioFlowShift: "", seed: "" }));
    expect(body.advanced).toEqual({ steps: undefined, flowShift: undefined, audioFlowShift: undefined, seed: undefined });
    expect(validateVideoForm(form({ steps: "0" })).steps).toEqual(["Inference steps must be greater than 0"]);
    expect(validateVideoForm(form({ steps: "50" })).steps).toBeUndefined();
    expect(validateVideoForm(form({ seed: "12.5" })).seed).toEqual(["Seed must be a whole number of units"]);
    expect(toVideoRequestBody(form({ seed: "42" })).advanced).toMatchObject({ seed: 42 });
  });

  it("points to the first field that shows a broken rule before the partition's reason, and gives the partition's reason when none does", () => {
    const errors = validateVideoForm(form({ prompt: "", durationSeconds: "20" }));
    expect(blockedReason(errors, "held")).toBe("Generate video is off: see the prompt above.");
    expect(blockedReason({ durationSeconds: errors.durationSeconds }, "held")).toBe("Generate video is off: see the duration above.");
    expect(blockedReason({}, "The video service is switching its loaded mode")).toBe("The video service is switching its loaded mode");
    expect(blockedReason({}, null)).toBeUndefined();
  });
});

describe("the conditions of each task (spec 4.4.1)", () => {
  it("sends no files for text to video, even when keyframes and references are kept in the form", () => {
    const state = form({ keyframes: { first: attached(1), last: null }, references: [attached(2)] });
    expect(inputsOf(state)).toEqual([]);
    expect(validateVideoForm(state)).toEqual({});
  });

  it("needs a first frame, a last frame or both for fl2va, sent with their slots", () => {
    expect(validateVideoForm(form({ task: "fl2va" })).inputs).toEqual(["First / last frame needs a first-frame image, a last-frame image or both"]);
    const last = form({ task: "fl2va", keyframes: { first: null, last: attached(2) } });
    expect(inputsOf(last)).toEqual([{ assetId: asset(2).id, type: "image", slot: "last" }]);
    expect(validateVideoForm(last)).toEqual({});
    const both = form({ task: "fl2va", keyframes: { first: attached(1), last: attached(2) } });
    expect(inputsOf(both).map((input) => input.slot)).toEqual(["first", "last"]);
    expect(validateVideoForm(both)).toEqual({});
  });

  it("refuses audio alone for ref2va and takes it beside an image", () => {
    expect(validateVideoForm(form({ task: "ref2va", references: [attached(1, "audio", 3)] })).inputs).toEqual([
      "Audio alone is not allowed: add an image or a video as the anchor",
    ]);
    const state = form({ task: "ref2va", references: [attached(1, "audio", 3), attached(2, "image")] });
    expect(validateVideoForm(state)).toEqual({});
    expect(inputsOf(state).every((input) => input.slot === "reference")).toBe(true);
  });

  it("refuses a tenth image and a thirteenth file", () => {
    const images = Array.from({ length: 10 }, (_, index) => attached(index + 1));
    expect(validateVideoForm(form({ task: "ref2va", references: images })).inputs).toEqual(["References take at most 9 images (10 attached)"]);
    const thirteen = [...images.slice(0, 9), attached(20, "video", 2), attached(21, "video", 2), attached(22, "audio", 2), attached(23, "audio", 2)];
    expect(validateVideoForm(form({ task: "ref2va", references: thirteen })).inputs).toEqual(["References take at most 12 files in all (13 attached)"]);
  });
});

describe("videoFieldOf", () => {
  it("maps the schema's, the studio's and the agent's paths to the field that shows them", () => {
    expect(videoFieldOf("prompt")).toBe("prompt");
    expect(videoFieldOf("advanced.seed")).toBe("seed");
    expect(videoFieldOf("advanced.steps")).toBe("steps");
    expect(videoFieldOf("inputs.1.type")).toBe("inputs");
    expect(videoFieldOf("target.short_edge")).toBe("shortEdge");
    expect(videoFieldOf("target.aspect_ratio")).toBe("aspectRatio");
    expect(videoFieldOf("seconds")).toBe("durationSeconds");
    expect(videoFieldOf("num_inference_steps")).toBe("steps");
    expect(videoFieldOf("conditions[0].uri")).toBe("inputs");
    expect(videoFieldOf("constructor")).toBeUndefined();
  });
});

describe("formStateFromJob (Duplicate)", () => {
  const job = (patch: Partial<VideoJobDto> = {}): Pick<VideoJobDto, "params" | "inputs" | "seed"> => ({
    params: videoFormSchema.parse({
      task: "ref2va",
      prompt: "<Picture 1> walks like <Video 1>",
      durationSeconds: 8,
      shortEdge: 1024,
      aspectRatio: "9:16",
      delivery720p: true,
      advanced: { steps: 30 },
      inputs: [
        { assetId: asset(1).id, type: "image", slot: "reference" },
        { assetId: asset(2).id, type: "video", slot: "reference" },
        { assetId: asset(3).id, type: "audio", slot: "reference" },
      ],
    }),
    inputs: [
      { assetId: asset(1).id, type: "image", slot: "reference", asset: asset(1) },
      { assetId: asset(2).id, type: "video", slot: "reference", asset: asset(2, { mime: "video/mp4", durationMs: 3000 }) },
      { assetId: asset(3).id, type: "audio", slot: "reference", asset: null },
    ],
    seed: 123456,
    ...patch,
  });

  it("refills every setting, a non-preset short edge as a custom value, the advanced defaults where none was sent, and keeps the seed random", () => {
    const { state, missingInputs } = formStateFromJob(job(), false);
    expect(state).toMatchObject({
      task: "ref2va",
      prompt: "<Picture 1> walks like <Video 1>",
      durationSeconds: "8",
      shortEdge: "1024",
      customShortEdge: true,
      aspectRatio: "9:16",
      delivery720p: true,
      steps: "30",
      flowShift: "12",
      audioFlowShift: "3",
      seed: "",
    });
    expect(state.references.map((input) => [input.type, input.durationSeconds])).toEqual([
      ["image", null],
      ["video", 3],
    ]);
    expect(missingInputs).toBe(1);
  });

  it("reuses the agent's seed (echo.seed) when asked, and the request is what was sent before", () => {
    const { state } = formStateFromJob(job(), true);
    expect(state.seed).toBe("123456");
    expect(toVideoRequestBody(state)).toMatchObject({ shortEdge: 1024, durationSeconds: 8, advanced: { steps: 30, seed: 123456 } });
  });

  it("falls back to the seed that was sent when the agent has not answered yet", () => {
    const sent = job({ seed: null });
    sent.params = { ...sent.params, advanced: { ...sent.params.advanced, seed: 7 } };
    expect(formStateFromJob(sent, true).state.seed).toBe("7");
    expect(formStateFromJob(job({ seed: null }), true).state.seed).toBe("");
  });

  it("puts keyframes back in their slots and a preset short edge back on its preset", () => {
    const keyframes = job({
      params: videoFormSchema.parse({ task: "fl2va", prompt: "bloom", shortEdge: 1080, inputs: [{ assetId: asset(5).id, type: "image", slot: "last" }] }),
      inputs: [{ assetId: asset(5).id, type: "image", slot: "last", asset: asset(5) }],
    });
    const { state } = formStateFromJob(keyframes, false);
    expect(state.keyframes.first).toBeNull();
    expect(state.keyframes.last?.asset.id).toBe(asset(5).id);
    expect(state).toMatchObject({ shortEdge: "1080", customShortEdge: false });
    expect(validateVideoForm(state)).toEqual({});
  });
});
