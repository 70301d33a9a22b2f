import { describe, expect, it } from "vitest";
import { otherParams, paramLabel, paramText, requestedSeed, requestedSize, seedWasRandom } from "./request-params";

describe("an entry's request as the detail lists it", () => {
  it("reads the size and seed of an alpha v3 generation", () => {
    const params = { size: "1024x1024", seed: 42, seedWasRandom: false, footnote: null, revise: true, referenceAssetIds: ["a"] };
    expect(requestedSize(params)).toBe("1024×1024");
    expect(requestedSeed(params)).toBe("42");
    expect(seedWasRandom(params)).toBe(false);
    expect(seedWasRandom({ ...params, seedWasRandom: true })).toBe(true);
    // By the form's labels; whether the seed was random is said beside the seed.
    expect(otherParams(params)).toEqual([
      { label: "Footnote watermark", value: "—" },
      { label: "Rewrite prompt", value: "On" },
    ]);
  });

  it("reads a conversation's first turn: the model's choice of size, web search and the pixel limit", () => {
    const params = { seed: "1920464455657654691", size: "auto", images: [], footnote: null, seedWasRandom: true, useSearchTool: false, resizeMaxPixels: 1048576 };
    expect(requestedSize(params)).toBe("Model's choice");
    expect(requestedSeed(params)).toBe("1920464455657654691");
    expect(otherParams(params)).toEqual([
      { label: "Footnote watermark", value: "—" },
      { label: "Web search", value: "Off" },
      { label: "Attachment pixel limit", value: "1,048,576 px" },
    ]);
  });

  it("reads a video job's size and seed from its form, and lists its advanced settings", () => {
    const params = { task: "t2va", prompt: "p", durationSeconds: 5, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: { steps: 30, seed: 7 }, inputs: [] };
    expect(requestedSize(params)).toBe("768 px short edge, 16:9");
    expect(requestedSeed(params)).toBe("7");
    // Its task is the entry's model, its short edge and aspect ratio its size.
    expect(otherParams(params)).toEqual([
      { label: "Duration", value: "5 s" },
      { label: "720p delivery", value: "Off" },
      { label: "Advanced: steps", value: "30" },
    ]);
  });

  it("says nothing was asked for when params are missing or random", () => {
    expect(requestedSize(null)).toBeNull();
    expect(requestedSeed({ seed: null })).toBeNull();
    expect(otherParams("not an object")).toEqual([]);
  });

  it("words labels and values", () => {
    expect(paramLabel("optimizePrompt")).toBe("Optimize prompt");
    expect(paramLabel("output_format")).toBe("Output format");
    expect(paramText(["a", 2])).toBe("a, 2");
    expect(paramText([])).toBe("None");
    expect(paramText({ a: 1 })).toBe('{"a":1}');
  });
});
