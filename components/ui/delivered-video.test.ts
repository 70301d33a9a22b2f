import { describe, expect, it } from "vitest";
import { shouldLoadNewest } from "./delivered-video";

describe("a player of delivery URLs", () => {
  const paused = { paused: true, failed: false };
  it("loads the first URL, and a newer one while paused or not started", () => {
    expect(shouldLoadNewest(null, "/api/delivery/a?e=1", { paused: true, failed: false })).toBe(true);
    expect(shouldLoadNewest("/api/delivery/a?e=1", "/api/delivery/a?e=2", paused)).toBe(true);
    expect(shouldLoadNewest("/api/delivery/a?e=2", "/api/delivery/a?e=2", paused)).toBe(false);
  });

  it("keeps a playing video's URL until it fails, so a refresh does not send it back to its start", () => {
    expect(shouldLoadNewest("/api/delivery/a?e=1", "/api/delivery/a?e=2", { paused: false, failed: false })).toBe(false);
    expect(shouldLoadNewest("/api/delivery/a?e=1", "/api/delivery/a?e=2", { paused: false, failed: true })).toBe(true);
    expect(shouldLoadNewest("/api/delivery/a?e=1", "/api/delivery/a?e=1", { paused: false, failed: true })).toBe(false);
  });
});
