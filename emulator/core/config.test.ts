import { describe, expect, it } from "vitest";
import { configFromEnv } from "./config";
import { deepMerge } from "./deep-merge";

describe("configFromEnv", () => {
  it("uses the documented defaults", () => {
    expect(configFromEnv({})).toEqual({
      latency: "realistic",
      apiKeys: ["emulator-key"],
      imageConcurrency: 4,
      urlLifetimeSeconds: 43_200,
      moderationBlocklist: ["forbidden", "blocked-word"],
      v35WireFormat: "json",
      beta: { credits: null, unavailableModels: [], forbiddenKeys: [] },
      video: {},
    });
  });

  it("reads every EMULATOR_* variable", () => {
    const config = configFromEnv({
      EMULATOR_LATENCY: "fast",
      EMULATOR_API_KEYS: "a, b",
      EMULATOR_IMAGE_CONCURRENCY: "9",
      EMULATOR_URL_LIFETIME_SECONDS: "60",
      EMULATOR_BLOCKLIST: "x,output:y",
      EMULATOR_V35_WIRE: "sse",
      EMULATOR_BETA_CREDITS: "10",
      EMULATOR_BETA_UNAVAILABLE_MODELS: "beta-image-v5.0-lite",
      EMULATOR_BETA_FORBIDDEN_KEYS: "b",
    });
    expect(config).toMatchObject({
      latency: "fast",
      apiKeys: ["a", "b"],
      imageConcurrency: 9,
      urlLifetimeSeconds: 60,
      moderationBlocklist: ["x", "output:y"],
      v35WireFormat: "sse",
      beta: { credits: 10, unavailableModels: ["beta-image-v5.0-lite"], forbiddenKeys: ["b"] },
    });
  });

  it("names the bad variable in the error", () => {
    expect(() => configFromEnv({ EMULATOR_IMAGE_CONCURRENCY: "zero" })).toThrow(/EMULATOR_IMAGE_CONCURRENCY/);
    expect(() => configFromEnv({ EMULATOR_V35_WIRE: "xml" })).toThrow(/EMULATOR_V35_WIRE/);
  });
});

describe("deepMerge", () => {
  it("merges nested objects and replaces arrays", () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, list: [1, 2] }, { a: { c: 3 }, list: [9] })).toEqual({
      a: { b: 1, c: 3 },
      list: [9],
    });
  });

  it("keeps __proto__ and constructor in a patch as plain keys, off the prototype chain", () => {
    const merged = deepMerge<Record<string, unknown>>({ a: 1 }, JSON.parse('{"__proto__": {"injected": true}, "constructor": {"x": 1}}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.injected).toBeUndefined();
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(merged.constructor).toEqual({ x: 1 });
    expect(({} as Record<string, unknown>).injected).toBeUndefined();
  });
});
