import { describe, expect, it } from "vitest";
import { progressDetail, progressHeadline } from "./generation-progress-text";

describe("generation progress words", () => {
  it("a job held by an unreachable service says so instead of a place in line", () => {
    const held = "Waiting: the image service is unreachable since 21:40 UTC. The job continues by itself when it is back.";
    const run = { stage: "waiting" as const, position: null, held };
    expect(progressHeadline(run)).toBe("Waiting for the service to return");
    expect(progressDetail(run, "alpha v3")).toBe(held);
  });

  it("a job waiting in line names its place and the studio's line", () => {
    const run = { stage: "waiting" as const, position: 2, held: null };
    expect(progressHeadline(run)).toBe("Waiting, position 2 in line");
    expect(progressDetail(run, "alpha v3")).toMatch(/runs a few alpha v3 requests at a time/);
  });
});
