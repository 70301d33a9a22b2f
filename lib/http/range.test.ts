import { describe, expect, it } from "vitest";
import { parseRange } from "./range";

describe("parseRange (RFC 9110 single byte ranges)", () => {
  it("serves the whole file without a Range header", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "full" });
  });
  it("reads a closed range", () => {
    expect(parseRange("bytes=10-19", 100)).toEqual({ kind: "partial", range: { start: 10, end: 19 } });
  });
  it("reads an open-ended range", () => {
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
  });
  it("clamps an end past the file to the last byte", () => {
    expect(parseRange("bytes=90-500", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
  });
  it("reads a suffix range", () => {
    expect(parseRange("bytes=-30", 100)).toEqual({ kind: "partial", range: { start: 70, end: 99 } });
    expect(parseRange("bytes=-300", 100)).toEqual({ kind: "partial", range: { start: 0, end: 99 } });
  });
  it("refuses a start at or past the end", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
  });
  it("ignores malformed and multi-range headers", () => {
    expect(parseRange("bytes=5-1", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-1,5-6", 100)).toEqual({ kind: "full" });
    expect(parseRange("items=0-1", 100)).toEqual({ kind: "full" });
  });
});
