import { describe, expect, it } from "vitest";
import { VIDEO_DEFAULT_ASPECT_RATIO, VIDEO_SECONDS } from "@/lib/upstream/video/limits";
import { storedParams } from "./stored-video-params";

describe("storedParams", () => {
  it("keeps what an older job asked for even where today's form would refuse it", () => {
    const params = { task: "t2va", prompt: "x".repeat(9000), durationSeconds: 30, shortEdge: 640, aspectRatio: "1:1", delivery720p: true, advanced: { steps: 500 }, inputs: [], dropped: 1 };
    expect(storedParams({ params })).toEqual({ task: "t2va", prompt: "x".repeat(9000), durationSeconds: 30, shortEdge: 640, aspectRatio: "1:1", delivery720p: true, advanced: { steps: 500 }, inputs: [] });
  });

  it("falls back to the form's defaults only for values it cannot use, and leaves out unreadable inputs", () => {
    const input = { assetId: "7c0e8f0a-9a53-4d8e-8a3a-6a1f4f0c2b11", type: "image", slot: "first" };
    const params = { task: "fl2va", prompt: 42, durationSeconds: "five", aspectRatio: "7:5", advanced: "none", inputs: [input, { assetId: 3 }, null] };
    expect(storedParams({ params })).toMatchObject({
      task: "fl2va",
      prompt: "",
      durationSeconds: VIDEO_SECONDS.default,
      aspectRatio: VIDEO_DEFAULT_ASPECT_RATIO,
      advanced: {},
      inputs: [input],
    });
    expect(storedParams({ params: null }).inputs).toEqual([]);
  });
});
