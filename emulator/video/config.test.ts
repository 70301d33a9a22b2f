// The `video` part of the emulator configuration: defaults per latency profile and EMULATOR_VIDEO_* variables.
import { describe, expect, it } from "vitest";
import { resolveVideoSettings, videoConfigFromEnv } from "./config";

describe("resolveVideoSettings", () => {
  it("fills the defaults of each latency profile", () => {
    const realistic = resolveVideoSettings("realistic", {});
    expect(realistic).toMatchObject({ queueLimit: 8, retentionSeconds: 604800, partitionSwitchSeconds: 30, initialPartition: "fl2va", mediaScale: 1, framesPerSecond: 24 });
    expect([...realistic.degradedDependencies]).toEqual([]);
    const fast = resolveVideoSettings("fast", {});
    expect(fast).toMatchObject({ partitionSwitchSeconds: 0.2, generationSeconds: 0, upscaleSeconds: 0, framesPerSecond: 8 });
    expect(fast.mediaScale).toBeCloseTo(128 / 768);
  });

  it("lets explicit values win over the profile and refuses invalid ones", () => {
    expect(resolveVideoSettings("fast", { partitionSwitchSeconds: 3, queueLimit: 2 })).toMatchObject({ partitionSwitchSeconds: 3, queueLimit: 2 });
    expect(() => resolveVideoSettings("fast", { queueLimit: -1 })).toThrow(/queueLimit/);
    expect(() => resolveVideoSettings("fast", { degradedDependencies: ["disk"] })).toThrow(/degradedDependencies/);
  });
});

describe("videoConfigFromEnv", () => {
  it("reads only the variables that are set", () => {
    expect(videoConfigFromEnv({})).toEqual({});
    expect(
      videoConfigFromEnv({
        EMULATOR_VIDEO_QUEUE_LIMIT: "3",
        EMULATOR_VIDEO_DEGRADED: "moderation, partition",
        EMULATOR_VIDEO_INITIAL_PARTITION: "ref2va",
        EMULATOR_VIDEO_PARTITION_SWITCH_SECONDS: "1.5",
      }),
    ).toEqual({ queueLimit: 3, degradedDependencies: ["moderation", "partition"], initialPartition: "ref2va", partitionSwitchSeconds: 1.5 });
  });

  it("names the bad variable", () => {
    expect(() => videoConfigFromEnv({ EMULATOR_VIDEO_QUEUE_LIMIT: "many" })).toThrow(/EMULATOR_VIDEO_QUEUE_LIMIT/);
    expect(() => videoConfigFromEnv({ EMULATOR_VIDEO_INITIAL_PARTITION: "t2va" })).toThrow(/EMULATOR_VIDEO_INITIAL_PARTITION/);
  });
});
