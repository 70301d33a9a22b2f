import { describe, expect, it } from "vitest";
import { otherParams, paramLabel, paramText, requestedSeed, requestedSize } from "./request-params";

describe("an entry's request as the detail lists it", () => {
  it("reads the size and seed of an alpha v3 generation", () => {
    const params = { size: "1024x1024", seed: 42, seedWasRandom: false, footnote: null, revise: true, referenceAssetIds: ["a"] };
    expect(requestedSize(params)).toBe("1024x1024");
    expect(requestedSeed(params)).toBe("42");
    expect(otherParams(params)).toEqual([
      { label: "Seed was random", value: "Off" },
      { label: "Footnote", value: "—" },
      { label: "Revise", value: "On" },
    ]);
  });

  it("reads a video job's size and seed from its form, and lists its advanced settings", () => {
    const params = { task: "t2va", prompt: "p", durationSeconds: 5, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: { steps: 30, seed: 7 }, inputs: [] };
    expect(requestedSize(params)).toBe("768 px short edge, 16:9");
    expect(requestedSeed(params)).toBe("7");
    expect(otherParams(params)).toEqual([
      { label: "Task", value: "t2va" },
      { label: "Duration seconds", value: "5" },
      { label: "Short edge", value: "768" },
      { label: "Aspect ratio", value: "16:9" },
      { label: "Delivery 720p", value: "Off" },
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
