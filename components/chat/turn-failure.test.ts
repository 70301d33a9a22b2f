import { describe, expect, it } from "vitest";
import { describeFailure } from "./turn-failure";

describe("describeFailure", () => {
  it("titles a content-filter block and keeps the advice without repeating the title", () => {
    expect(describeFailure("content_filter", "Blocked by content safety — adjust the prompt or image and try again.")).toEqual({
      title: "Blocked by content safety",
      detail: "Adjust the prompt or image and try again.",
    });
  });

  it("keeps a message that says something else in full", () => {
    expect(describeFailure("cancelled", "Cancelled before the image arrived")).toEqual({ title: "Stopped", detail: "Cancelled before the image arrived" });
    expect(describeFailure("server", "The image service had an internal error (request id: r1)")).toEqual({
      title: "The service failed",
      detail: "The image service had an internal error (request id: r1)",
    });
  });

  it("falls back to a general title for codes it does not know", () => {
    expect(describeFailure("internal_error", null)).toEqual({ title: "Generation failed", detail: null });
    expect(describeFailure(null, "Something")).toEqual({ title: "Generation failed", detail: "Something" });
  });

  it.each(["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"])("issue 7 finding 1: code %s is unknown, not a prototype member", (code) => {
    expect(describeFailure(code, "Upstream said so")).toEqual({ title: "Generation failed", detail: "Upstream said so" });
  });
});
