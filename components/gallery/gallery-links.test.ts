import { describe, expect, it } from "vitest";
import { galleryRefillOf, referenceHref, reuseHref } from "./gallery-links";

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

  it("reads one entry and one reference from the address, ignoring repeats and blanks", () => {
    expect(galleryRefillOf({ reuse: "e1", reference: "a1" })).toEqual({ reuse: "e1", reference: "a1" });
    expect(galleryRefillOf({ reuse: ["e1", "e2"], reference: "" })).toEqual({ reuse: null, reference: null });
  });
});
