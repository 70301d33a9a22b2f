import { describe, expect, it } from "vitest";
import { periodWindow } from "./periods";

describe("a budget's period, in UTC", () => {
  it.each([
    ["daily", "2026-11-26T23:59:59.999Z", "2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z"],
    ["daily", "2026-11-27T00:00:00.000Z", "2026-11-27T00:00:00.000Z", "2026-11-28T00:00:00.000Z"],
    ["weekly", "2026-11-26T12:00:00.000Z", "2026-11-23T00:00:00.000Z", "2026-11-30T00:00:00.000Z"],
    ["weekly", "2026-11-29T23:59:59.000Z", "2026-11-23T00:00:00.000Z", "2026-11-30T00:00:00.000Z"],
    ["weekly", "2026-11-30T00:00:00.000Z", "2026-11-30T00:00:00.000Z", "2026-12-07T00:00:00.000Z"],
    ["monthly", "2026-12-31T23:00:00.000Z", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ] as const)("%s at %s runs from %s to %s", (period, now, start, end) => {
    expect(periodWindow(period, new Date(now))).toEqual({ start: new Date(start), end: new Date(end) });
  });

  it("no period counts everything, and never resets", () => {
    expect(periodWindow("none", new Date("2026-11-26T12:00:00Z"))).toEqual({ start: new Date(0), end: null });
  });
});
