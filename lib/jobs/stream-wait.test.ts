import { describe, expect, it } from "vitest";
import { FALLBACK_POLL_MS, streamWaitMs } from "./stream-wait";

const now = 1_000_000;
const later = { ends: now + 300_000, heartbeat: now + 15_000, slotBeat: now + 10_000 };

describe("streamWaitMs", () => {
  it("with the listener connected, waits until the next thing due (no poll)", () => {
    expect(streamWaitMs(now, later, true)).toBe(10_000);
    expect(streamWaitMs(now, { ...later, heartbeat: now + 4_000 }, true)).toBe(4_000);
    expect(streamWaitMs(now, { ...later, ends: now + 2_000 }, true)).toBe(2_000);
  });

  it("with the listener down, polls every second", () => {
    expect(streamWaitMs(now, later, false)).toBe(FALLBACK_POLL_MS);
    expect(streamWaitMs(now, { ...later, ends: now + 300 }, false)).toBe(300);
  });

  it("never waits a negative time when something is overdue", () => {
    expect(streamWaitMs(now, { ...later, slotBeat: now - 5 }, true)).toBe(0);
  });
});
