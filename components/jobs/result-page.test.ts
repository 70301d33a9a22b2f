import { describe, expect, it } from "vitest";
import { isOnResultPage } from "./result-page";

describe("isOnResultPage", () => {
  it("compares paths only: the selected turn does not matter", () => {
    expect(isOnResultPage("/chat/c1?turn=t2", "/chat/c1")).toBe(true);
    expect(isOnResultPage("/alpha", "/alpha/")).toBe(true);
  });

  it("is false on another page, including another conversation and the new-conversation page", () => {
    expect(isOnResultPage("/alpha", "/chat")).toBe(false);
    expect(isOnResultPage("/chat/c1?turn=t2", "/chat/c2")).toBe(false);
    expect(isOnResultPage("/chat/c1", "/chat")).toBe(false);
  });
});
