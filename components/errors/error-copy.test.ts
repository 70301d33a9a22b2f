import { describe, expect, it } from "vitest";
import { describeFailure } from "./error-copy";

describe("describeFailure", () => {
  it("titles a content-safety block the same whether the service or the failed frame said so, and keeps the advice without repeating the title", () => {
    for (const code of ["blocked", "content_filter"]) {
      expect(describeFailure(code, "Blocked by content safety — adjust the prompt or image and try again.")).toMatchObject({
        title: "Blocked by content safety",
        detail: "Adjust the prompt or image and try again.",
        retryable: false,
      });
    }
  });

  it("keeps a message that says something else in full", () => {
    expect(describeFailure("cancelled", "Cancelled before the image arrived")).toMatchObject({ title: "Cancelled", detail: "Cancelled before the image arrived" });
    expect(describeFailure("server", "The image service had an internal error. Try again later.")).toMatchObject({
      title: "The image service had an internal error",
      detail: "Try again later.",
      retryable: true,
    });
  });

  it("one title per code, wherever the failure comes from: the studio's running limit and a busy service are both rate_limited", () => {
    expect(describeFailure("rate_limited", "You already have 3 generations running. Wait for one to finish or cancel one.")).toMatchObject({
      title: "Too many requests right now",
      detail: "You already have 3 generations running. Wait for one to finish or cancel one.",
    });
    expect(describeFailure("rate_limited", "The service is busy right now. Please try again in a minute.").title).toBe("Too many requests right now");
  });

  it("gives the advice when the failure came without a sentence", () => {
    expect(describeFailure("internal_error", null)).toMatchObject({ title: "Something went wrong in the studio", detail: expect.stringMatching(/request id/) });
    expect(describeFailure("blocked", "Blocked by content safety.")).toMatchObject({ detail: "Adjust the prompt or image and try again." });
  });

  it("falls back to a general title for codes it does not know", () => {
    expect(describeFailure("quota", "Something")).toMatchObject({ title: "Generation failed", detail: "Something", retryable: false });
    expect(describeFailure(null, null).title).toBe("Generation failed");
  });

  it.each(["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"])("code %s is unknown, not a prototype member", (code) => {
    expect(describeFailure(code, "Upstream said so")).toMatchObject({ title: "Generation failed", detail: "Upstream said so" });
  });
});
