import { describe, expect, it } from "vitest";
import { formatElapsed, msToNextTick } from "./format-elapsed";

describe("msToNextTick", () => {
  const start = Date.parse("2026-11-29T06:00:00.900Z");

  it("waits for the next whole second since the start, not since the clock was mounted", () => {
    // Mounted 2.1 s after the start: the clock shows 2 s now and 3 s in 0.9 s.
    expect(msToNextTick(start + 2_100, 1_000, start)).toBe(900);
    expect(formatElapsed(start + 2_100 + 900 - start)).toBe("3 s");
  });

  it("gives two clocks of the same start the same moment, whenever each was mounted", () => {
    const mountedEarly = start + 400;
    const mountedLate = start + 1_750;
    expect(mountedEarly + msToNextTick(mountedEarly, 1_000, start) + 1_000).toBe(mountedLate + msToNextTick(mountedLate, 1_000, start));
  });

  it("waits a whole interval on a boundary, and counts from a start still ahead (a server clock ahead of the browser's)", () => {
    expect(msToNextTick(start + 5_000, 1_000, start)).toBe(1_000);
    expect(msToNextTick(start - 300, 1_000, start)).toBe(300);
  });

  it("aligns to the epoch when no start is given", () => {
    expect(msToNextTick(Date.parse("2026-11-29T06:00:00.250Z"), 1_000, 0)).toBe(750);
  });
});
