import { describe, expect, it } from "vitest";
import { animateHref, galleryRefillOf, referenceHref, reuseHref, splitLayersHref } from "./gallery-links";

describe("links between the gallery and the generators", () => {
  it("sends Reuse settings to the generator that made the entry", () => {
    expect(reuseHref("alpha-v3", "e1", null)).toBe("/alpha?reuse=e1");
    expect(reuseHref("beta", "e1", null)).toBe("/beta?reuse=e1");
    expect(reuseHref("video", "e1", null)).toBe("/videos?reuse=e1");
    expect(reuseHref("chat", "e1", "c9")).toBe("/chat/c9");
  });

  it("adds a reference by asset id", () => {
    expect(referenceHref("/beta", "a 1")).toBe("/beta?reference=a%201");
  });

  it("animates an image and splits one into layers by asset id", () => {
    expect(animateHref("a 1")).toBe("/videos?firstFrame=a%201");
    expect(splitLayersHref("a1")).toBe("/beta?layersFrom=a1");
  });

  it("reads one entry and one image per use from the address, ignoring repeats and blanks", () => {
    expect(galleryRefillOf({ reuse: "e1", reference: "a1", firstFrame: "a2", layersFrom: "a3" })).toEqual({ reuse: "e1", reference: "a1", firstFrame: "a2", layersFrom: "a3" });
    expect(galleryRefillOf({ reuse: ["e1", "e2"], reference: "" })).toEqual({ reuse: null, reference: null, firstFrame: null, layersFrom: null });
  });
});
