import { describe, expect, it } from "vitest";
import { centredScrollLeft } from "./strip-scroll";

describe("centredScrollLeft", () => {
  it("centres an item in the middle of a long strip", () => {
    expect(centredScrollLeft({ itemStart: 500, itemWidth: 100, viewportWidth: 300, contentWidth: 1200 })).toBe(400);
  });

  it("stays at the start for an item near the start", () => {
    expect(centredScrollLeft({ itemStart: 20, itemWidth: 100, viewportWidth: 300, contentWidth: 1200 })).toBe(0);
  });

  it("goes no further than the strip can scroll for the last item", () => {
    expect(centredScrollLeft({ itemStart: 1100, itemWidth: 100, viewportWidth: 300, contentWidth: 1200 })).toBe(900);
  });

  it("does not scroll a strip whose items all fit (the desktop sidebar)", () => {
    expect(centredScrollLeft({ itemStart: 0, itemWidth: 220, viewportWidth: 220, contentWidth: 220 })).toBe(0);
    expect(centredScrollLeft({ itemStart: 180, itemWidth: 200, viewportWidth: 220, contentWidth: 220 })).toBe(0);
  });
});
