import { afterEach, describe, expect, it } from "vitest";
import { loadSettings } from "@/lib/settings";
import { probeDue } from "./probe";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));
const state = (reachable: boolean, checkedSecond: number) => ({
  service: "image" as const,
  reachable,
  since: at(0),
  checkedAt: at(checkedSecond),
  lastErrorCode: null,
});

describe("probeDue", () => {
  it("probes an unreachable service every 15 s and a reachable one every minute", () => {
    expect(probeDue(state(false, 0), at(10))).toBe(false);
    expect(probeDue(state(false, 0), at(15))).toBe(true);
    expect(probeDue(state(true, 0), at(15))).toBe(false);
    expect(probeDue(state(true, 0), at(59))).toBe(true);
  });

  describe("with UPSTREAM_PROBE_TICK_MS", () => {
    afterEach(() => loadSettings({}));
    it("probes an unreachable service every tick and a reachable one every four ticks", () => {
      loadSettings({ UPSTREAM_PROBE_TICK_MS: "4000" });
      expect(probeDue(state(false, 0), at(2))).toBe(false);
      expect(probeDue(state(false, 0), at(4))).toBe(true);
      expect(probeDue(state(true, 0), at(12))).toBe(false);
      expect(probeDue(state(true, 0), at(16))).toBe(true);
    });
  });
});
