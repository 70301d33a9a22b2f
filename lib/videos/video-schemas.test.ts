import { describe, expect, it } from "vitest";
import { referenceTag, shortEdgeFamily } from "./video-rules";
import { inputProblems, videoFormSchema, type VideoFormInputFile } from "./video-schemas";

// The video form's rules at their boundaries (spec 4.4 fields, 4.4.1 conditions per task, 8 limits).
const base = { task: "t2va", prompt: "a paper boat" };
const issues = (input: Record<string, unknown>) => {
  const result = videoFormSchema.safeParse({ ...base, ...input });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const files = (type: VideoFormInputFile["type"], count: number, from = 0): VideoFormInputFile[] =>
  Array.from({ length: count }, (_, index) => ({ assetId: id(from + index), type, slot: "reference" as const }));

describe("video form (spec 4.4)", () => {
  it("fills the spec's defaults", () => {
    expect(videoFormSchema.parse(base)).toEqual({ ...base, durationSeconds: 5, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: {}, inputs: [] });
  });

  it("takes a prompt that is not empty after trimming", () => {
    expect(issues({ prompt: "   " })).toEqual(["prompt: Prompt must not be empty"]);
    expect(videoFormSchema.parse({ ...base, prompt: "  boat  " }).prompt).toBe("boat");
    expect(issues({ prompt: "a\u0000b" })[0]).toContain("NUL");
  });

  it("takes 4 to 15 whole seconds", () => {
    expect(issues({ durationSeconds: 4 })).toEqual([]);
    expect(issues({ durationSeconds: 15 })).toEqual([]);
    expect(issues({ durationSeconds: 3 })).toEqual(["durationSeconds: Duration must be between 4 and 15 seconds"]);
    expect(issues({ durationSeconds: 16 })).toEqual(["durationSeconds: Duration must be between 4 and 15 seconds"]);
    expect(issues({ durationSeconds: 4.5 })).toEqual(["durationSeconds: Duration must be a whole number of seconds"]);
  });

  it("takes a short edge of 768 to 2160 (480 is refused, spec 4.4)", () => {
    for (const edge of [768, 1024, 1080, 2160]) expect(issues({ shortEdge: edge })).toEqual([]);
    expect(issues({ shortEdge: 767 })).toEqual(["shortEdge: Short edge must be between 768 and 2160 px"]);
    expect(issues({ shortEdge: 480 })).toHaveLength(1);
    expect(issues({ shortEdge: 2161 })).toHaveLength(1);
  });

  it("names the fixed family a short edge is post-processed to", () => {
    expect([768, 769, 1439, 1440, 2159, 2160].map(shortEdgeFamily)).toEqual(["native", "1080p", "1080p", "2K", "2K", "4K"]);
  });

  it("takes the six aspect ratios only", () => {
    expect(issues({ aspectRatio: "9:16" })).toEqual([]);
    expect(issues({ aspectRatio: "2:1" })[0]).toMatch(/^aspectRatio: Aspect ratio must be one of 21:9, 16:9/);
  });

  it("bounds the advanced fields", () => {
    expect(issues({ advanced: { steps: 1, seed: 0, flowShift: 0, audioFlowShift: 3 } })).toEqual([]);
    expect(issues({ advanced: { steps: 0 } })).toEqual(["advanced.steps: Inference steps must be greater than 0"]);
    expect(issues({ advanced: { seed: -1 } })).toEqual(["advanced.seed: Seed must be 0 or more"]);
    expect(issues({ advanced: { seed: 1.5 } })).toEqual(["advanced.seed: Seed must be a whole number of units"]);
  });
});

describe("conditions per task (spec 4.4.1)", () => {
  it("t2va takes none", () => {
    expect(inputProblems("t2va", [])).toEqual([]);
    expect(inputProblems("t2va", files("image", 1))).toEqual([[["inputs"], "Text to video takes no input files"]]);
  });

  it("fl2va takes one or two images marking the first and/or last frame", () => {
    const first = { assetId: id(1), type: "image" as const, slot: "first" as const };
    const last = { assetId: id(2), type: "image" as const, slot: "last" as const };
    expect(inputProblems("fl2va", [first])).toEqual([]);
    expect(inputProblems("fl2va", [last])).toEqual([]);
    expect(inputProblems("fl2va", [first, last])).toEqual([]);
    expect(inputProblems("fl2va", [])[0][1]).toMatch(/needs a first-frame image/);
    expect(inputProblems("fl2va", [first, { ...last, slot: "first" }]).map(([, message]) => message)).toContain("Only one image can be the first frame");
    expect(inputProblems("fl2va", [{ ...first, type: "video" }])[0][1]).toMatch(/a video cannot be a keyframe/);
    expect(inputProblems("fl2va", [{ ...first, slot: "reference" }])[0][1]).toMatch(/first or the last frame/);
  });

  it("ref2va takes at most 9 images, 3 videos, 3 audio files, 12 in all, and never audio alone", () => {
    expect(inputProblems("ref2va", [...files("image", 9), ...files("video", 3, 20)])).toEqual([]);
    expect(inputProblems("ref2va", files("image", 10))[0][1]).toBe("References take at most 9 images (10 attached)");
    expect(inputProblems("ref2va", [...files("image", 1), ...files("video", 4, 20)])[0][1]).toBe("References take at most 3 videos (4 attached)");
    expect(inputProblems("ref2va", [...files("image", 1), ...files("audio", 4, 20)])[0][1]).toBe("References take at most 3 audio files (4 attached)");
    expect(inputProblems("ref2va", [...files("image", 9), ...files("video", 3, 20), ...files("audio", 1, 40)]).map(([, m]) => m)).toEqual([
      "References take at most 12 files in all (13 attached)",
    ]);
    expect(inputProblems("ref2va", files("audio", 2))[0][1]).toBe("Audio alone is not allowed: add an image or a video as the anchor");
    expect(inputProblems("ref2va", [{ assetId: id(1), type: "image", slot: "first" }])[0][1]).toMatch(/cannot be first or last frames/);
  });

  it("refuses the same file twice", () => {
    expect(inputProblems("ref2va", [...files("image", 1), ...files("image", 1)])[0]).toEqual([["inputs", 1, "assetId"], "The same file is attached twice"]);
  });

  it("names reference tags as the prompt uses them", () => {
    expect([referenceTag("image", 1), referenceTag("video", 2), referenceTag("audio", 3)]).toEqual(["<Picture 1>", "<Video 2>", "<Audio 3>"]);
  });
});
