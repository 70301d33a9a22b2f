// RFC 9110 single byte ranges as used by spec 4.4 content download.
import { describe, expect, it } from "vitest";
import { parseRange } from "./content";

describe("parseRange", () => {
  it("reads closed, open and suffix ranges and clamps the end", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
  });

  it("calls ranges past the end unsatisfiable and ignores malformed or multiple ranges", () => {
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange(null, 100)).toBeUndefined();
    expect(parseRange("bytes=9-1", 100)).toBeUndefined();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(parseRange("items=0-1", 100)).toBeUndefined();
  });
});
