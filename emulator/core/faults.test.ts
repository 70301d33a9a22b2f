import { describe, expect, it } from "vitest";
import { FaultPlan } from "./faults";
import { delay } from "./latency";

describe("FaultPlan", () => {
  it("plays a scripted sequence in order, only on its path prefix", () => {
    const plan = new FaultPlan();
    plan.set({ sequence: [{ kind: "500" }, { kind: "429", retryAfter: 3 }], pathPrefix: "/v1/wand" });
    expect(plan.next("/files/x.png")).toBeUndefined();
    expect(plan.next("/v1/wand/alpha-image/v3-generation")).toEqual({ kind: "500" });
    expect(plan.next("/v1/wand/beta-image/generation")).toEqual({ kind: "429", retryAfter: 3 });
    expect(plan.next("/v1/wand/beta-image/generation")).toBeUndefined();
  });

  it("applies a rate with the given random source; the sequence wins over the rate", () => {
    const draws = [0.1, 0.9];
    const plan = new FaultPlan(() => draws.shift() ?? 1);
    plan.set({ rate: 0.5, fault: { kind: "drop" } });
    plan.set({ sequence: [{ kind: "slow", ms: 5 }] });
    expect(plan.next("/a")).toEqual({ kind: "slow", ms: 5 });
    expect(plan.next("/a")).toEqual({ kind: "drop" });
    expect(plan.next("/a")).toBeUndefined();
    plan.clear();
    expect(plan.describe()).toEqual({ rate: null, sequence: [], sequencePathPrefix: "/" });
  });

  it("refuses a rate outside [0, 1]", () => {
    expect(() => new FaultPlan().set({ rate: 1.5, fault: { kind: "500" } })).toThrow(RangeError);
  });
});

describe("delay", () => {
  it("waits the fast figure under the fast profile and the realistic one otherwise", async () => {
    const fastStart = Date.now();
    await delay({ latency: "fast" }, 10_000, 5);
    expect(Date.now() - fastStart).toBeLessThan(1000);
    const realisticStart = Date.now();
    await delay({ latency: "realistic" }, [150, 200], 10_000);
    expect(Date.now() - realisticStart).toBeGreaterThanOrEqual(145);
  });
});
