import { describe, expect, it } from "vitest";
import { videoFailureTitle } from "./video-error-copy";

describe("videoFailureTitle", () => {
  it("names the video service's codes (spec 7.3) and the studio's partition refusal", () => {
    expect(videoFailureTitle("partition_unusable", "x")).toBe("The video service has another mode loaded");
    expect(videoFailureTitle("queue_full", "x")).toBe("The video service's queue is full");
    expect(videoFailureTitle("generation_failed", "x")).toBe("The video could not be generated");
  });

  it("keeps the studio's wording for its own codes and falls back for unknown ones", () => {
    expect(videoFailureTitle("validation_failed", "x")).toBe("Some settings need a change");
    expect(videoFailureTitle("something_new", "The job failed")).toBe("The job failed");
    expect(videoFailureTitle("constructor", "The job failed")).toBe("The job failed");
  });
});
