import { describe, expect, it } from "vitest";
import { formatClock, kindBadge, modelLabel, shortPrompt, variationsLabel } from "./gallery-format";

describe("gallery wording", () => {
  it("labels a tile by its kind, a set by its image count and a video by its length", () => {
    expect(kindBadge({ kind: "image", imageCount: 1, durationMs: null })).toBe("Image");
    expect(kindBadge({ kind: "group_set", imageCount: 4, durationMs: null })).toBe("Group set · 4 images");
    expect(kindBadge({ kind: "layer_set", imageCount: 1, durationMs: null })).toBe("Layer set · 1 image");
    expect(kindBadge({ kind: "video", imageCount: 0, durationMs: 5000 })).toBe("Video · 0:05");
    expect(kindBadge({ kind: "video", imageCount: 0, durationMs: null })).toBe("Video");
    expect(formatClock(65_400)).toBe("1:05");
    expect(variationsLabel(3)).toBe("3 variations");
  });

  it("names models by their label and keeps an unknown one as stored", () => {
    expect(modelLabel("alpha-v3")).toBe("Alpha v3");
    expect(modelLabel("t2va")).toBe("Text to video");
    expect(modelLabel("gamma")).toBe("gamma");
  });

  it("shortens a prompt on a word boundary", () => {
    expect(shortPrompt("  a red   fox ")).toBe("a red fox");
    expect(shortPrompt("one two three four five six", 14)).toBe("one two three…");
  });
});
