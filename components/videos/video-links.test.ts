import { describe, expect, it } from "vitest";
import { duplicateHref, duplicateRequestOf, matchesFilters, NO_FILTERS, videoListPath } from "./video-links";

describe("Duplicate by address", () => {
  it("round-trips a job id, with or without its seed", () => {
    expect(duplicateHref("abc", false)).toBe("/videos?duplicate=abc");
    expect(duplicateHref("abc", true)).toBe("/videos?duplicate=abc&seed=1");
    expect(duplicateRequestOf({ duplicate: "abc", seed: "1" })).toEqual({ jobId: "abc", reuseSeed: true });
    expect(duplicateRequestOf({ duplicate: "abc" })).toEqual({ jobId: "abc", reuseSeed: false });
  });

  it("ignores an absent, empty or repeated id", () => {
    expect(duplicateRequestOf({})).toBeNull();
    expect(duplicateRequestOf({ duplicate: "" })).toBeNull();
    expect(duplicateRequestOf({ duplicate: ["a", "b"] })).toBeNull();
  });
});

describe("videoListPath", () => {
  it("leaves out filters set to all, and adds the cursor when paging on", () => {
    expect(videoListPath(NO_FILTERS, null)).toBe("/api/videos");
    expect(videoListPath({ task: "fl2va", status: "all" }, null)).toBe("/api/videos?task=fl2va");
    expect(videoListPath({ task: "all", status: "queued" }, "c-1")).toBe("/api/videos?status=queued&cursor=c-1");
  });
});

describe("matchesFilters", () => {
  it("puts a new job only into the lists whose filters it meets", () => {
    const job = { task: "t2va", phase: "submitting" } as const;
    expect(matchesFilters(job, NO_FILTERS)).toBe(true);
    expect(matchesFilters(job, { task: "t2va", status: "submitting" })).toBe(true);
    expect(matchesFilters(job, { task: "ref2va", status: "all" })).toBe(false);
    expect(matchesFilters(job, { task: "all", status: "ready" })).toBe(false);
  });
});
