import { describe, expect, it } from "vitest";
import { reconnectDelayMs } from "./reconnect-delay";

describe("reconnectDelayMs", () => {
  it("doubles with each failure in a row, from 250 ms up to 10 s", () => {
    const highest = (failures: number) => reconnectDelayMs(failures, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6].map(highest)).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(highest(1_000)).toBe(10_000);
  });

  it("waits at least half of that, the rest at random", () => {
    expect(reconnectDelayMs(2, () => 0)).toBe(500);
    expect(reconnectDelayMs(2, () => 0.5)).toBe(750);
    expect(reconnectDelayMs(100, () => 0)).toBe(5_000);
  });
});
