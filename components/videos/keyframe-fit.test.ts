import { describe, expect, it } from "vitest";
import { keyframeFit, keyframeFitMessage } from "./keyframe-fit";

// Spec 8: keyframes at a supported size (1344×768 for 16:9, not 1280×720).
describe("keyframeFit", () => {
  it("leaves an image already at the supported size alone", () => {
    expect(keyframeFit({ width: 1344, height: 768 }, "16:9")).toEqual({ target: { width: 1344, height: 768 }, change: "none" });
  });

  it("only scales an image of the supported size's shape", () => {
    expect(keyframeFit({ width: 2688, height: 1536 }, "16:9").change).toBe("scale");
    expect(keyframeFit({ width: 672, height: 384 }, "16:9").change).toBe("scale");
    expect(keyframeFit({ width: 2048, height: 2048 }, "1:1").change).toBe("scale");
  });

  it("crops 1280×720 and 1920×1080: true 16:9 is not the shape of 1344×768 (7:4, spec 8 'avoid 1280x720')", () => {
    expect(keyframeFit({ width: 1280, height: 720 }, "16:9").change).toBe("crop");
    expect(keyframeFit({ width: 1920, height: 1080 }, "16:9").change).toBe("crop");
  });

  it("crops an image of another shape, for every ratio's own base size", () => {
    expect(keyframeFit({ width: 1024, height: 768 }, "16:9")).toEqual({ target: { width: 1344, height: 768 }, change: "crop" });
    expect(keyframeFit({ width: 1344, height: 768 }, "9:16")).toEqual({ target: { width: 768, height: 1344 }, change: "crop" });
    expect(keyframeFit({ width: 800, height: 600 }, "21:9").target).toEqual({ width: 1792, height: 768 });
  });
});

describe("keyframeFitMessage", () => {
  it("names the target size, the ratio and what happens", () => {
    expect(keyframeFitMessage({ width: 1344, height: 768 }, "16:9")).toBe("Already at the supported size for 16:9 (1344×768); sent as it is.");
    expect(keyframeFitMessage({ width: 2688, height: 1536 }, "16:9")).toBe("Will be scaled from 2688×1536 to 1344×768, the supported size for 16:9.");
    expect(keyframeFitMessage({ width: 800, height: 600 }, "16:9")).toBe(
      "Will be cropped to the 16:9 frame and scaled from 800×600 to 1344×768, the supported size for 16:9: its shape differs.",
    );
  });
});
